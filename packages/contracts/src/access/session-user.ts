import { z } from 'zod';
import { colorSchemePreferenceSchema } from '../auth/color-scheme';
import { userTypeSchema } from '../auth/roles';
import { brandingSchema } from '../branding/whitelabel';
import { sessionTourSchema } from '../tours/tours';
import { type PermissionName, permissionNameSchema } from './permission-names';

// The answer of GET /api/user, field names as on the wire.
// Portico keeps merchants and parents in one clients table, so a client id and its merchant id are
// the same value: default_client.id is the merchant the customizations belong to.

export const merchantLevels = ['Parent', 'Merchant'] as const;
export type MerchantLevel = (typeof merchantLevels)[number];
export const merchantLevelSchema = z.enum(merchantLevels);

export const grantedPermissionSchema = z.object({ name: permissionNameSchema });

export const membershipRoleSchema = z.object({
  id: z.uuid(),
  granted_permissions: z.array(grantedPermissionSchema),
});

export const membershipSchema = z.object({
  // The merchant name is read too (Users and Recurring Charges dropdowns).
  merchant: z.object({ id: z.uuid(), name: z.string() }),
  // null: the role was deleted; the membership stays and grants nothing.
  role: membershipRoleSchema.nullable(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const merchantCustomizationsSchema = z.object({
  rbac_enabled: z.boolean(),
  skipped_menu_titles: z.array(z.string()),
});
export type MerchantCustomizations = z.infer<typeof merchantCustomizationsSchema>;

export const merchantConfigurationSchema = z.object({
  customizations: merchantCustomizationsSchema,
  has_patient_information_in_vault: z.boolean(),
  has_orphaned_payment_methods: z.boolean(),
});

export const defaultClientMerchantSchema = z.object({
  name: z.string(),
  level: merchantLevelSchema,
  is_enrolled_as_crypto_only: z.boolean(),
  // Frozen by risk review: it takes no payments until enabled again (Home shows 'Payments are paused').
  is_frozen: z.boolean(),
  configuration: merchantConfigurationSchema,
});

export const defaultClientSchema = z.object({
  id: z.uuid(),
  is_in_certification: z.boolean(),
  merchant: defaultClientMerchantSchema,
});
export type DefaultClient = z.infer<typeof defaultClientSchema>;

// A merchant below the user's parent: the first part of the merchant dropdown.
export const hierarchyMerchantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  level: merchantLevelSchema,
  parent_id: z.uuid().nullable(),
});
export type HierarchyMerchant = z.infer<typeof hierarchyMerchantSchema>;

export const sessionAccountSchema = z.object({
  // null: staff without a merchant of their own, or a default client that was deleted.
  default_client: defaultClientSchema.nullable(),
  memberships: z.array(membershipSchema),
  hierarchy_list: z.array(hierarchyMerchantSchema),
});

export const sessionUserSchema = z.object({
  // Not in the product's User; the browser needs it for calls naming the signed-in user (sub-entities).
  id: z.uuid(),
  name: z.string(),
  email: z.email(),
  user_type: userTypeSchema,
  parent_id: z.uuid().nullable(),
  parent_name: z.string().nullable(),
  parent_logo: z.string().nullable(),
  processor_audit_user: z.boolean(),
  is_demo_user: z.boolean(),
  is_parent_member: z.boolean(),
  // The white label of the user's hierarchy, resolved on the server; null: Portico's own look.
  branding: brandingSchema.nullable(),
  // The first-visit portal tour: which one the user gets and whether it opens by itself.
  tour: sessionTourSchema,
  // The look the user chose (auth/color-scheme.ts); 'auto' follows the device.
  color_scheme: colorSchemePreferenceSchema,
  user_customizations: z.object({
    // Saved grid layouts by configuration key ('___name' suffix for named ones); each value is read
    // through the grid-configuration schema where it is used.
    grid_config: z.record(z.string(), z.unknown()),
  }),
  account: sessionAccountSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

// The parts of a user the access rules read. SessionUser satisfies each, and so does any lighter
// object the server builds for a request, so the rules never need the whole answer.
export type MembershipForAccess = {
  merchant: { id: string };
  role: { granted_permissions: readonly { name: PermissionName }[] } | null;
};

export type PermissionHolder = {
  account: {
    default_client: { merchant: { configuration: { customizations: { rbac_enabled: boolean } } } } | null;
    memberships: readonly MembershipForAccess[];
  };
};

export type MenuUser = {
  email: string;
  user_type: SessionUser['user_type'];
  processor_audit_user: boolean;
  is_demo_user: boolean;
  is_parent_member: boolean;
  account: {
    default_client: {
      id: string;
      is_in_certification: boolean;
      merchant: { configuration: { customizations: MerchantCustomizations } };
    } | null;
    memberships: readonly MembershipForAccess[];
  };
};
