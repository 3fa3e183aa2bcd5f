import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { processors } from '../common/processors';

// The Sub-Locations page: a merchant's locations (sub-entities), their address, custom fields and
// MID overrides, the calls that add, edit and delete them, and their texts.

export const SubLocationText = {
  AddTitle: 'Add New Sub-Location',
  EditTitle: 'Edit Sub-Location',
  Created: 'Sub-location created',
  Saved: 'Sub-location saved',
  Deleted: 'Sub-location deleted',
  NameRequired: 'A sub-location needs a name.',
  NoPermission: 'User does not have permission to view the sub-locations page.',
} as const;

export const SubLocationErrorText = {
  DuplicateName: 'This merchant already has a sub-location with that name.',
  NotFound: 'Sub-location not found',
  UnknownField: 'This merchant has no custom field named',
  NotANumber: 'must be a number',
  OtherMerchant: 'A sub-location stays with its merchant.',
  HasUsers:
    'Users are assigned to this sub-location. Remove them first: a user left without a location would see every location of the merchant.',
} as const;

export const SubLocationErrorCode = {
  DuplicateName: 'SUB_LOCATION_DUPLICATE',
  NotFound: 'SUB_LOCATION_NOT_FOUND',
  InvalidCustomField: 'SUB_LOCATION_CUSTOM_FIELD',
  OtherMerchant: 'SUB_LOCATION_OTHER_MERCHANT',
  HasUsers: 'SUB_LOCATION_HAS_USERS',
} as const;

const nameSchema = z.string().trim().min(1, SubLocationText.NameRequired).max(120);
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const subLocationAddressSchema = z.strictObject({
  address: optionalText(300),
  address1: optionalText(200),
  address2: optionalText(200),
  st: optionalText(60),
  zip: z
    .string()
    .trim()
    .regex(/^(\d{5}(-\d{4})?)?$/, 'A ZIP code is 5 digits, or 5+4')
    .optional(),
  city: optionalText(120),
});
export type SubLocationAddress = z.infer<typeof subLocationAddressSchema>;

export const midOverrideSchema = z.strictObject({
  payment_processor: z.enum(processors),
  merchant_identifier: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,32}$/, 'A merchant identifier is 1 to 32 letters, digits or dashes'),
});
export type MidOverride = z.infer<typeof midOverrideSchema>;

export const subLocationParams = z.object({ merchantId: z.uuid(), id: z.uuid() });
export const merchantParams = z.object({ merchantId: z.uuid() });

export const createSubLocationBody = z.strictObject({ name: nameSchema });

export const updateSubLocationBody = z.strictObject({
  name: nameSchema,
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+() .-]{0,25}$/, 'A phone number has digits, spaces and + ( ) . - only')
    .optional()
    .nullable(),
  address: subLocationAddressSchema.optional(),
  // Values by the merchant's field definitions; the server checks names and types.
  custom_fields: z.record(z.string().max(100), z.union([z.string().max(500), z.number()])).optional(),
  // The page sends the merchant along; a location cannot move to another one.
  merchant: z.object({ id: z.uuid() }).loose().optional(),
  mid_overrides: z
    .array(midOverrideSchema)
    .max(processors.length)
    .refine(
      (overrides) => new Set(overrides.map((o) => o.payment_processor)).size === overrides.length,
      'One MID override per processor',
    )
    .optional(),
});
export type UpdateSubLocationBody = z.input<typeof updateSubLocationBody>;

export const merchantCustomFieldSchema = z.object({ name: z.string(), type: z.enum(['text', 'number']) });

// A sub-entity: one location of a merchant.
export const subLocationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  merchant_id: z.uuid(),
  merchant: z.object({
    id: z.uuid(),
    name: z.string(),
    merchant_sub_entity_custom_fields: z.array(merchantCustomFieldSchema),
  }),
  phone: z.string().nullable(),
  address: z.object({
    address: z.string().optional(),
    address1: z.string().optional(),
    address2: z.string().optional(),
    st: z.string().optional(),
    zip: z.string().optional(),
    city: z.string().optional(),
  }),
  custom_fields: z.record(z.string(), z.union([z.string(), z.number()])),
  mid_overrides: z.array(
    z.object({ payment_processor: z.enum(processors), merchant_identifier: z.string() }),
  ),
});
export type SubLocation = z.infer<typeof subLocationSchema>;
export const subLocationResponse = successEnvelope(subLocationSchema);

// GET /api/rbac/{merchantId}/mid-overrides: the processors a location of this merchant may settle
// under its own MID at (those the merchant runs on, and any already overridden), with the
// merchant's own identifier there when known.
export const midOverrideOptionSchema = z.object({
  payment_processor: z.enum(processors),
  merchant_identifier: z.string().nullable(),
});
export const midOverrideOptionsResponse = successEnvelope(z.array(midOverrideOptionSchema));

export const deleteSubLocationResponse = successEnvelope(z.object({ id: z.uuid() }));
