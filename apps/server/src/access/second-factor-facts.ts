import { type AnyColumn, and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { userPasskeys } from '../db/schema/passkeys';
import { userAuthenticators } from '../db/schema/second-factor';
import { users } from '../db/schema/users';

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
// One form of the rule, for a statement that lists people and for one person alike. userId is a bound
// value or a column the statement names with its table (a join): a bare "id" would be read inside the
// subqueries as the passkey's own id.
export function hasSecondFactorSql(userId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from user_authenticators a where a.user_id = ${userId} and a.confirmed_at is not null) or exists (select 1 from user_passkeys p where p.user_id = ${userId}))`;
}

export async function hasSecondFactor(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ has: hasSecondFactorSql(sql`${userId}::uuid`) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.has === true;
}
