import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberships } from '../../db/schema/access';
import { loginTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';

export async function findMimicTarget(executor: Executor, email: string) {
  const [row] = await executor
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      userType: users.userType,
      defaultClientId: users.defaultClientId,
      isDisabled: users.isDisabled,
      isLockedOut: users.isLockedOut,
    })
    .from(users)
    .where(eq(users.email, email));
  if (!row) return undefined;
  const rows = await executor
    .select({ clientId: memberships.clientId })
    .from(memberships)
    .where(eq(memberships.userId, row.id));
  return { ...row, membershipClientIds: rows.map((membership) => membership.clientId) };
}

export async function findUserEmail(executor: Executor, userId: string): Promise<string | undefined> {
  const [row] = await executor.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

export async function insertMimicToken(
  executor: Executor,
  token: { hash: string; email: string; requestedByUserId: string; validMinutes: number; ip: string | null },
): Promise<void> {
  await executor.insert(loginTokens).values({
    tokenHash: token.hash,
    email: token.email,
    purpose: 'mimic',
    requestedByUserId: token.requestedByUserId,
    expiresAt: sql`now() + make_interval(mins => ${token.validMinutes})`,
    requestedIp: token.ip,
  });
}

// Single use by construction (one caller flips consumed_at), and only by the staff member who asked
// for it: a link copied to someone else opens nothing.
export async function consumeMimicToken(executor: Executor, hash: string, requestedByUserId: string) {
  const [row] = await executor
    .update(loginTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(loginTokens.tokenHash, hash),
        eq(loginTokens.purpose, 'mimic'),
        eq(loginTokens.requestedByUserId, requestedByUserId),
        isNull(loginTokens.consumedAt),
        gt(loginTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: loginTokens.email });
  return row;
}

// Read only after consuming failed, to say why.
export async function findMimicTokenState(executor: Executor, hash: string) {
  const [row] = await executor
    .select({
      consumedAt: loginTokens.consumedAt,
      requestedByUserId: loginTokens.requestedByUserId,
      isExpired: sql<boolean>`${loginTokens.expiresAt} <= now()`,
    })
    .from(loginTokens)
    .where(and(eq(loginTokens.tokenHash, hash), eq(loginTokens.purpose, 'mimic')));
  return row;
}
