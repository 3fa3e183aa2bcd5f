import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberships } from '../../db/schema/access';
import { loginTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { findAccountByEmail } from '../auth/auth.repository';

export async function findMimicTarget(executor: Executor, email: string) {
  const row = await findAccountByEmail(executor, email);
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
