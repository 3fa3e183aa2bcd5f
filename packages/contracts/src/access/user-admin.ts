import { z } from 'zod';
import { normalizeEmailAddress } from '../auth/email-address';
import { successEnvelope } from '../common/envelope';
import { userCategories } from '../enrollment/enrollment-actions';

// Spec 3 §2 "Users page", §7 "Users, roles and locations", §8 "Users and subscriptions".

export const UserAdminText = {
  Added: 'Successfully added!',
  NotSaved: 'Did not save',
  Deleted: 'Successfully deleted!',
  ViewingUsersFor: 'Viewing Users For',
  NameRequired: 'First and last name are required',
  EmailRequired: 'E-mail is required',
  EmailInvalid: 'Enter a valid e-mail address',
  MembershipRequired: 'Choose at least one merchant',
  DefaultMerchantNotMember: 'The default merchant must be one of the memberships',
} as const;

// Spec 3 §9: the users grid exports as Users.xlsx.
export const usersFileName = 'Users.xlsx';

export const UserAdminErrorCode = {
  UserNotFound: 'USER_NOT_FOUND',
  DuplicateEmail: 'DUPLICATE_EMAIL',
  RoleNotFound: 'ROLE_NOT_FOUND',
  LocationNotFound: 'LOCATION_NOT_FOUND',
  MerchantNotReached: 'MERCHANT_NOT_REACHED',
  CannotDeleteSelf: 'CANNOT_DELETE_SELF',
  DefaultMerchantNotMember: 'DEFAULT_MERCHANT_NOT_MEMBER',
} as const;

// The portal's two manageable sign-in types; staff accounts are not made on this page.
export const managedUserTypes = ['user', 'alpha'] as const;

const emailField = z
  .string()
  .trim()
  .min(1, UserAdminText.EmailRequired)
  .max(254)
  .transform(normalizeEmailAddress)
  .pipe(z.email(UserAdminText.EmailInvalid));
const nameField = z.string().trim().min(1, UserAdminText.NameRequired).max(200);

export const managedMembershipSchema = z.object({
  merchant: z.object({ id: z.uuid(), name: z.string() }),
  role: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type ManagedMembership = z.infer<typeof managedMembershipSchema>;

export const managedUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  user_type: z.string(),
  label: z.enum(userCategories).nullable(),
  default_client_id: z.uuid().nullable(),
  disabled: z.boolean(),
  is_locked_out: z.boolean(),
  created_at: z.iso.datetime(),
  last_sign_in_at: z.iso.datetime().nullable(),
  memberships: z.array(managedMembershipSchema),
  locations: z.array(z.object({ id: z.uuid(), name: z.string(), merchant_id: z.uuid() })),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

// GET /api/client/my-users: the users of one merchant (merchant_id) or of every merchant the caller
// manages users for.
export const myUsersQuery = z.object({ merchant_id: z.uuid().optional() });
export const myUsersResponse = successEnvelope(z.array(managedUserSchema));

// POST /api/user (spec 3 §7): {name, email, user_type 'user', label, locations, merchant_id, role, disabled}.
export const createUserBody = z.strictObject({
  name: nameField,
  email: emailField,
  user_type: z.enum(managedUserTypes).default('user'),
  label: z.enum(userCategories).nullable().optional(),
  locations: z.array(z.uuid()).max(200).default([]),
  merchant_id: z.uuid(),
  role: z.uuid().nullable(),
  disabled: z.boolean().default(false),
});
export type CreateUserBody = z.input<typeof createUserBody>;
export const userResponse = successEnvelope(managedUserSchema);

// PATCH /api/user/update: the edited user, memberships each with a role, default merchant, locations.
export const updateUserBody = z.strictObject({
  id: z.uuid(),
  name: nameField,
  email: emailField,
  memberships: z
    .array(z.strictObject({ merchant_id: z.uuid(), role: z.uuid().nullable() }))
    .min(1, UserAdminText.MembershipRequired)
    .max(100),
  default_client_id: z.uuid(),
  locations: z.array(z.uuid()).max(200),
  disabled: z.boolean().optional(),
  is_locked_out: z.boolean().optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

// DELETE /api/user/delete?id={id}.
export const deleteUserQuery = z.object({ id: z.uuid() });
export const deleteUserResponse = successEnvelope(z.object({ id: z.uuid() }));

// The edit form: first and last name are joined into the spec's single name.
export function joinUserName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter((part) => part !== '').join(' ');
}

// Spec 2 §9: the first name is the first space-separated word of the name.
export function splitUserName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}
