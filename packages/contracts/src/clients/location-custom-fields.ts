import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// The Settings section's location custom fields: the fields every sub-location of the merchant may
// carry (name and type), edited on the account page. The sub-locations calls check a location's
// values against them (known names only, numbers where the type says so).

export const locationCustomFieldTypes = ['text', 'number'] as const;

export const LocationCustomFieldsText = {
  DuplicateName: 'Each custom field needs its own name.',
  Saved: 'Location custom fields saved.',
} as const;

export const locationCustomFieldSchema = z.strictObject({
  name: z.string().trim().min(1).max(64),
  type: z.enum(locationCustomFieldTypes),
});
export type LocationCustomField = z.infer<typeof locationCustomFieldSchema>;

// PUT /api/account/{clientid}/location-custom-fields: the whole list, replacing the one stored.
export const locationCustomFieldsBody = z.strictObject({
  fields: z
    .array(locationCustomFieldSchema)
    .max(50)
    .refine(
      (fields) => new Set(fields.map((field) => field.name.toLowerCase())).size === fields.length,
      LocationCustomFieldsText.DuplicateName,
    ),
});
export type LocationCustomFieldsBody = z.infer<typeof locationCustomFieldsBody>;

// Sorted by name.
export const locationCustomFieldsResponse = successEnvelope(z.array(locationCustomFieldSchema));
