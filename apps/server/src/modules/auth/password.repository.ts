import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';

const passwordAccountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  userType: users.userType,
  defaultClientId: users.defaultClientId,
  isDisabled: users.isDisabled,
  isLockedOut: users.isLockedOut,
  passwordHash: users.passwordHash,
  isEmailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  // Compared with the database clock, like sessions and links.
  isPasswordLocked: sql<boolean>`coalesce(${users.passwordLockedUntil} > now(), false)`,
};

export async function findPasswordAccountByEmail(executor: Executor, email: string) {
  const [row] = await executor.select(passwordAccountColumns).from(users).where(eq(users.email, email));
  return row;
}

export async function findPasswordAccountById(
  executor: Executor,
  id: string,
  options?: { forUpdate?: boolean },
) {
  const query = executor.select(passwordAccountColumns).from(users).where(eq(users.id, id));
  const [row] = options?.forUpdate ? await query.for('update') : await query;
  return row;
}
export type PasswordAccount = NonNullable<Awaited<ReturnType<typeof findPasswordAccountByEmail>>>;

export async function findPasswordStatus(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null`, setAt: users.passwordSetAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

// One wrong password. The limit-th consecutive one locks password sign-in for lockMinutes and starts
// the count again; a locked account is not counted (nothing to tell). Returns whether this one locked it
// and until when. One statement: concurrent failures each count.
export async function recordPasswordFailure(
  executor: Executor,
  userId: string,
  rule: { limit: number; lockMinutes: number },
) {
  const reachesLimit = sql`${users.passwordFailedCount} + 1 >= ${rule.limit}`;
  const [row] = await executor
    .update(users)
    .set({
      passwordFailedCount: sql`case when ${reachesLimit} then 0 else ${users.passwordFailedCount} + 1 end`,
      passwordLockedUntil: sql`case when ${reachesLimit} then now() + make_interval(mins => ${rule.lockMinutes}) else ${users.passwordLockedUntil} end`,
    })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.passwordLockedUntil} is null or ${users.passwordLockedUntil} <= now())`,
      ),
    )
    .returning({
      isLockedNow: sql<boolean>`coalesce(${users.passwordLockedUntil} > now(), false)`,
      lockedUntil: users.passwordLockedUntil,
    });
  return row ?? { isLockedNow: false, lockedUntil: null };
}

export async function clearPasswordFailures(executor: Executor, userId: string): Promise<void> {
  await executor
    .update(users)
    .set({ passwordFailedCount: 0 })
    .where(and(eq(users.id, userId), gt(users.passwordFailedCount, 0)));
}

// A new password starts with a clean slate: no failures, no lock. proofOfAddress: the person used a
// link mailed to the address.
export async function storePasswordHash(
  executor: Executor,
  userId: string,
  hash: string,
  options: { proofOfAddress: boolean },
): Promise<void> {
  await executor
    .update(users)
    .set({
      passwordHash: hash,
      passwordSetAt: sql`now()`,
      passwordFailedCount: 0,
      passwordLockedUntil: null,
      updatedAt: sql`now()`,
      ...(options.proofOfAddress ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
    })
    .where(eq(users.id, userId));
}

// The same hash with today's parameters (no other change: the set time stays).
export async function replacePasswordHash(executor: Executor, userId: string, hash: string): Promise<void> {
  await executor.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
}

// A live, unused reset link, locked until the transaction ends so that only one use can succeed.
export async function findLiveResetToken(executor: Executor, hash: string) {
  const [row] = await executor
    .select({ id: loginTokens.id, email: loginTokens.email })
    .from(loginTokens)
    .where(
      and(
        eq(loginTokens.tokenHash, hash),
        eq(loginTokens.purpose, 'password_reset'),
        isNull(loginTokens.consumedAt),
        gt(loginTokens.expiresAt, sql`now()`),
      ),
    )
    .for('update');
  return row;
}

export async function consumeTokenById(executor: Executor, id: string): Promise<void> {
  await executor.update(loginTokens).set({ consumedAt: sql`now()` }).where(eq(loginTokens.id, id));
}
