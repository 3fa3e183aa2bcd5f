import { type UserType, userTypeSchema } from '@portico/contracts/auth/roles';
import type { Account } from './auth.repository';

// A login link is valid 10 minutes; an address gets at most LOGIN_LINKS_PER_ADDRESS links (5 unless
// configured) per 15 minutes.
export const loginLinkValidMinutes = 10;
// The welcome e-mail of a user added by their merchant: people open it hours or a weekend later, so
// its single-use link lasts 72 hours.
export const invitationLinkValidHours = 72;
export const loginLinksPerAddressWindowMinutes = 15;

export type SignInAccount = Omit<Account, 'userType'> & { userType: UserType };

// Contacts never sign in; disabled and locked-out accounts may not either.
export function accountAllowedToSignIn(account: Account | undefined): SignInAccount | undefined {
  if (!account || account.isDisabled || account.isLockedOut) return undefined;
  const role = userTypeSchema.safeParse(account.userType);
  return role.success ? { ...account, userType: role.data } : undefined;
}

// A client id (or the admin type) opens the portal. Anyone else is an account not
// attached to a merchant yet: no session, the browser sends them to /contact.
export function opensPortal(account: SignInAccount): boolean {
  return account.defaultClientId !== null || account.userType === 'admin';
}
