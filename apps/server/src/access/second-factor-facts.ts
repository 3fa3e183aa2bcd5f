import { type AnyColumn, and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { userPasskeys } from '../db/schema/passkeys';
import { userAuthenticators } from '../db/schema/second-factor';

// What guards a person's sign-in beside the link or password: an authenticator app once its first code
// confirmed it, and passkeys.

export async function hasConfirmedAuthenticator(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ userId: userAuthenticators.userId })
    .from(userAuthenticators)
    .where(and(eq(userAuthenticators.userId, userId), isNotNull(userAuthenticators.confirmedAt)));
  return row !== undefined;
}

export async function hasPasskey(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: userPasskeys.id })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

// A second factor guards a person's sign-in when they have a confirmed authenticator app or a passkey.
export async function hasSecondFactor(executor: Executor, userId: string): Promise<boolean> {
  return (await hasConfirmedAuthenticator(executor, userId)) || (await hasPasskey(executor, userId));
}

// The same rule inside a statement that lists people: whether the user of this id column has one.
export function hasSecondFactorSql(userId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from user_authenticators a where a.user_id = ${userId} and a.confirmed_at is not null) or exists (select 1 from user_passkeys p where p.user_id = ${userId}))`;
}
