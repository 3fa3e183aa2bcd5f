import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { permissionNameSchema, permissionNames } from './permission-names';
import { subLocationSchema } from './sub-locations';

// The Permissions page: a merchant's roles, what each grants (permissions, custom-field access),
// which role each user holds and the locations each user reaches.

export const PermissionsPageText = {
  Title: 'Permissions',
  NoMerchantPermissions: 'Merchant does not have any permissions configured.',
  PageForbidden: 'User does not have permission to view the permissions page.',
  SelectTerminalFirst: 'Please select a terminal first',
  CannotHideRequired: 'Cannot hide a required field. Please uncheck "Required" first.',
  VisibilityFailed: 'Failed to update field visibility',
  RequirementFailed: 'Failed to update field requirement',
  SavePermissions: 'Save permissions',
  PermissionsSaved: 'Permissions saved.',
} as const;

export const RbacErrorCode = {
  MerchantNotFound: 'MERCHANT_NOT_FOUND',
  RoleNotFound: 'ROLE_NOT_FOUND',
  UserNotFound: 'USER_NOT_FOUND',
  SubEntityNotFound: 'SUB_ENTITY_NOT_FOUND',
  TerminalNotFound: 'TERMINAL_NOT_FOUND',
  FieldNotFound: 'FIELD_NOT_FOUND',
  DuplicateRoleName: 'DUPLICATE_ROLE_NAME',
  PermissionNotAvailable: 'PERMISSION_NOT_AVAILABLE',
  LastPermissionsRole: 'LAST_PERMISSIONS_ROLE',
  RoleInUse: 'ROLE_IN_USE',
  CannotHideRequired: 'CANNOT_HIDE_REQUIRED',
  RoleExceedsCaller: 'ROLE_EXCEEDS_CALLER',
} as const;

export const RbacErrorText = {
  DuplicateRoleName: 'A role with this name already exists for this merchant',
  PermissionNotAvailable: 'This merchant does not have that permission to grant',
  LastPermissionsRole:
    'This is the last role holding Permissions: nobody could manage roles without it. Grant Permissions to another role first.',
  RoleInUse: 'Users hold this role. Delete it anyway to leave them without a role.',
  RoleExceedsCaller: 'You cannot give a role that grants more than you hold on this merchant',
} as const;

export type FieldAccessLevel = 'show' | 'require';
// terminal id -> field name -> 'show' | 'require'; a field absent from the map is hidden.
export const customFieldAccessSchema = z.record(
  z.string().min(1).max(100),
  z.record(z.string().min(1).max(200), z.enum(['show', 'require'])),
);
export type CustomFieldAccess = z.infer<typeof customFieldAccessSchema>;

export const roleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  merchant: z.object({ id: z.uuid(), name: z.string() }),
  granted_permissions: z.array(z.object({ name: permissionNameSchema })),
  custom_field_access: customFieldAccessSchema,
  hideable_fields: z.record(z.string(), z.array(z.string())),
  omittable_fields: z.record(z.string(), z.array(z.string())),
  user_count: z.number().int().nonnegative(),
});
export type Role = z.infer<typeof roleSchema>;

export const clientIdParams = z.object({ clientId: z.uuid() });
export const rolesQuery = z.object({
  with_hierarchy: z.enum(['true', 'false']).default('true'),
});
export const rolesResponse = successEnvelope(z.array(roleSchema));
export const roleResponse = successEnvelope(roleSchema);

const roleNameField = z.string().trim().min(1).max(100);
export const createRoleBody = z.strictObject({ name: roleNameField });

export const roleParams = z.object({ clientId: z.uuid(), roleId: z.uuid() });
// A rename trims and falls back to the current name when left empty.
export const updateRoleBody = z.strictObject({
  name: z.string().max(100).optional(),
  custom_field_access: customFieldAccessSchema.optional(),
});
export const deleteRoleQuery = z.object({ force: z.enum(['true', 'false']).default('false') });
export const deleteRoleResponse = successEnvelope(
  z.object({ id: z.uuid(), users_left_without_role: z.number() }),
);

export const rolePermissionParams = z.object({
  clientId: z.uuid(),
  roleId: z.uuid(),
  permission: permissionNameSchema,
});

// PUT /api/rbac/{clientId}/roles/{roleId}/permissions: the role's whole set of permissions, saved at
// once (Configure Roles' Save); what changed is granted and revoked in one transaction.
export const rolePermissionsBody = z.strictObject({
  permissions: z.array(permissionNameSchema).max(permissionNames.length),
});
export type RolePermissionsBody = z.infer<typeof rolePermissionsBody>;

export const roleFieldParams = z.object({
  clientId: z.uuid(),
  roleId: z.uuid(),
  terminalId: z.uuid(),
  fieldName: z.string().min(1).max(200),
});

export const subEntitySummarySchema = z.object({ id: z.uuid(), name: z.string(), merchant_id: z.uuid() });
export const subEntitiesQuery = z.object({
  skipRecursion: z.enum(['true', 'false']).optional(),
  merchant_ids: z.string().max(4000).optional(),
});
// A sub-entity's whole record, so the sub-locations page edits what it lists.
export const subEntitiesResponse = successEnvelope(z.array(subLocationSchema));

// A group a membership may name: the merchant itself and the clients below it.
export const groupsResponse = successEnvelope(
  z.array(z.object({ id: z.uuid(), name: z.string(), level: z.enum(['Parent', 'Merchant']) })),
);

export const rbacUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  groups_member: z.array(z.object({ id: z.uuid(), name: z.string() })),
  sub_entities: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type RbacUser = z.infer<typeof rbacUserSchema>;
export const rbacUsersQuery = z.object({ with_recursion: z.enum(['true', 'false']).default('false') });
export const rbacUsersResponse = successEnvelope(z.array(rbacUserSchema));

export const rbacUserParams = z.object({ clientId: z.uuid(), userId: z.uuid() });
// Edit User: the user's role on this merchant (null: no role).
export const setUserRoleBody = z.strictObject({ role: z.uuid().nullable() });
export const rbacUserResponse = successEnvelope(rbacUserSchema);

export const userSubEntityParams = z.object({ clientId: z.uuid(), userId: z.uuid(), subEntityId: z.uuid() });
// The response message has sub_entities.
export const userSubEntityResponse = successEnvelope(
  z.object({ sub_entities: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
);

export const permissionMerchantsResponse = successEnvelope(
  z.array(z.object({ id: z.uuid(), name: z.string() })),
);
export const merchantTerminalsParams = z.object({ id: z.uuid() });
export const merchantTerminalsResponse = successEnvelope(
  z.array(z.object({ id: z.uuid(), name: z.string(), is_active: z.boolean() })),
);
export const terminalCustomFieldsParams = z.object({ merchantId: z.uuid(), terminalId: z.uuid() });
export const terminalCustomFieldsResponse = successEnvelope(
  z.array(z.object({ name: z.string(), type: z.string(), required: z.boolean() })),
);

// Custom-field access transitions: absent (hidden) -> show (Available) -> require (Required).
export type FieldToggle = 'hide' | 'show' | 'require' | 'unrequire';

export type FieldToggleResult =
  | { ok: true; level: FieldAccessLevel | null }
  | { ok: false; reason: 'cannot_hide_required' };

// Checking Required also ensures show; unchecking it returns to show; a required field cannot be hidden.
export function nextFieldAccess(current: FieldAccessLevel | null, toggle: FieldToggle): FieldToggleResult {
  switch (toggle) {
    case 'hide':
      return current === 'require'
        ? { ok: false, reason: 'cannot_hide_required' }
        : { ok: true, level: null };
    case 'show':
      return { ok: true, level: current ?? 'show' };
    case 'require':
      return { ok: true, level: 'require' };
    case 'unrequire':
      return { ok: true, level: current === 'require' ? 'show' : current };
  }
}

// A role rename: trimmed, and the current name when nothing is left.
export function renamedRoleName(requested: string | undefined, current: string): string {
  const trimmed = requested?.trim() ?? '';
  return trimmed === '' ? current : trimmed;
}
