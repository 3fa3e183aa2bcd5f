import { z } from 'zod';
import { normalizeEmailAddress } from '../auth/email-address';
import { successEnvelope } from '../common/envelope';
import {
  accountUserSchema,
  accountUserTypes,
  EnrollmentActionText,
  userCategories,
} from '../enrollment/enrollment-actions';

// The Users page: its texts, the users it lists and the calls that add, edit and delete them.

export const UserAdminText = {
  Added: 'Successfully added!',
  NotSaved: 'Did not save',
  Deleted: 'Successfully deleted!',
  ViewingUsersFor: 'Viewing Users For',
  NameRequired: 'First and last name are required',
  FirstNameRequired: 'First name is required.',
  LastNameRequired: 'Last name is required.',
  EmailRequired: 'E-mail is required',
  EmailInvalid: 'Enter a valid e-mail address',
  MembershipRequired: 'Choose at least one merchant',
  DefaultMerchantNotMember: 'The default merchant must be one of the memberships',
  AllMerchants: 'All merchants',
  SearchLabel: 'Search users',
  SearchPlaceholder: 'Name or e-mail',
  SearchTooLong: 'Search with at most 100 characters.',
  SearchAcrossMerchants: 'Type a name or e-mail above to find users across all merchants.',
  NoUserFound: 'No user matches the search.',
  SearchLimited: 'Showing the first 100 matches. Type more of the name or e-mail to narrow them.',
} as const;

// The most users one search across all merchants answers.
export const usersSearchLimit = 100;

// The users grid exports as Users.xlsx.
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
  // An authenticator app is set up and confirmed (staff may reset it).
  has_second_factor: z.boolean(),
  memberships: z.array(managedMembershipSchema),
  locations: z.array(z.object({ id: z.uuid(), name: z.string(), merchant_id: z.uuid() })),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

// GET /api/client/my-users: the users of one merchant (merchant_id) or of every merchant the caller
// manages users for.
// GET /api/client/my-users: one merchant's users (merchant_id) or every merchant's the caller manages;
// search keeps the users whose name or e-mail holds every word. Staff, who manage every merchant,
// search across all of them (at most usersSearchLimit users); without search they list their own.
export const myUsersQuery = z.object({
  merchant_id: z.uuid().optional(),
  search: z.string().trim().max(100, { error: UserAdminText.SearchTooLong }).optional(),
});
export type MyUsersQuery = z.infer<typeof myUsersQuery>;
export const myUsersResponse = successEnvelope(z.array(managedUserSchema));

// POST /api/user: {name, email, user_type 'user', label, locations, merchant_id, role, disabled}.
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

// POST /api/user from the account page's Users & Contacts: {name, email, phone,
// user_type, client_id, label, is_locked_out}; the phone is optional.
export const accountContactBody = z.strictObject({
  name: nameField,
  email: emailField,
  phone: z
    .string()
    .trim()
    .max(30)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  user_type: z.enum(accountUserTypes, { error: EnrollmentActionText.UserTypeRequired }),
  client_id: z.uuid(),
  label: z.enum(userCategories, { error: EnrollmentActionText.CategoryRequired }),
  is_locked_out: z.boolean().default(false),
});
export type AccountContactBody = z.input<typeof accountContactBody>;
export const accountContactResponse = successEnvelope(accountUserSchema);

// POST /api/user takes either shape, each strict, so a body mixing the two matches neither; the
// server tells them apart by merchant_id (Users page) or client_id (account page).
export const createUserRequestBody = z.union([createUserBody, accountContactBody]);
export const createUserRequestResponse = successEnvelope(z.union([managedUserSchema, accountUserSchema]));

// The account page's add form: user type, label, first and last name and e-mail
// required, the phone optional; the choices stay empty until picked.
const pickedChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.union([z.enum(values), z.literal('')]).refine((value) => value !== '', { message });
export const accountContactFormSchema = z.object({
  user_type: pickedChoice(accountUserTypes, EnrollmentActionText.UserTypeRequired),
  label: pickedChoice(userCategories, EnrollmentActionText.CategoryRequired),
  first_name: z.string().trim().min(1, UserAdminText.FirstNameRequired),
  last_name: z.string().trim().min(1, UserAdminText.LastNameRequired),
  email: z
    .string()
    .trim()
    .min(1, EnrollmentActionText.EmailRequired)
    .pipe(z.email(EnrollmentActionText.EmailInvalid)),
  phone: z.string().trim().max(30),
});
export type AccountContactFormValues = z.input<typeof accountContactFormSchema>;
export const emptyAccountContactForm: AccountContactFormValues = {
  user_type: '',
  label: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
};

// The body the form sends: the names joined, the e-mail lowercased, a new account not locked out.
export function buildAccountContactBody(
  values: AccountContactFormValues,
  clientId: string,
): AccountContactBody | null {
  const parsed = accountContactFormSchema.safeParse(values);
  if (!parsed.success || parsed.data.user_type === '' || parsed.data.label === '') return null;
  return {
    name: joinUserName(parsed.data.first_name, parsed.data.last_name),
    email: normalizeEmailAddress(parsed.data.email),
    phone: parsed.data.phone === '' ? null : parsed.data.phone,
    user_type: parsed.data.user_type,
    client_id: clientId,
    label: parsed.data.label,
    is_locked_out: false,
  };
}

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

// The edit form: first and last name are joined into the API's single name.
export function joinUserName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter((part) => part !== '').join(' ');
}

// The first name is the first space-separated word of the name.
export function splitUserName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}
