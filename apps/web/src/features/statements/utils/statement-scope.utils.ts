import type { UserType } from '@portico/contracts/auth/roles';
import type { SignedInSession } from '../../../lib/auth/session-context';

// The statement merchant selector is for admin and parent; others see their own merchant.
export function canChooseStatementMerchant(actingRole: UserType): boolean {
  return actingRole === 'admin' || actingRole === 'parent';
}

// The merchant a merchant user's statement is about: the viewed client, else the default client.
export function ownStatementMerchant(
  session: Pick<SignedInSession, 'viewAsClientId' | 'user'>,
): string | null {
  return session.viewAsClientId ?? session.user.account.default_client?.id ?? null;
}

// Statement months are UTC months, like the posting.
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
