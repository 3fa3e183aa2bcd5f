import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema/auth';
import { clients } from '../../db/schema/clients';
import { userPasskeys } from '../../db/schema/passkeys';
import { recoveryCodes, userAuthenticators } from '../../db/schema/second-factor';
import { users } from '../../db/schema/users';
import { queryRows } from '../../db/sql-rows';

// Read under a row lock when a code is checked, so two requests with one code cannot both pass.
export async function findAuthenticator(executor: Executor, userId: string, options: { lock: boolean }) {
  const query = executor
    .select({
      secretEnc: userAuthenticators.secretEnc,
      confirmedAt: userAuthenticators.confirmedAt,
      lastUsedStep: userAuthenticators.lastUsedStep,
    })
    .from(userAuthenticators)
    .where(eq(userAuthenticators.userId, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

// A new secret replaces an unconfirmed one; a confirmed authenticator is never overwritten here.
export async function upsertUnconfirmedAuthenticator(
  executor: Executor,
  userId: string,
  secretEnc: string,
): Promise<boolean> {
  const rows = await executor
    .insert(userAuthenticators)
    .values({ userId, secretEnc })
    .onConflictDoUpdate({
      target: userAuthenticators.userId,
      set: { secretEnc, createdAt: sql`now()`, lastUsedStep: null },
      setWhere: isNull(userAuthenticators.confirmedAt),
    })
    .returning({ userId: userAuthenticators.userId });
  return rows.length === 1;
}

// Only a later step than the last accepted one moves it: the losing request of a race changes nothing.
export async function acceptStep(executor: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await executor
    .update(userAuthenticators)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userAuthenticators.userId, userId),
        or(isNull(userAuthenticators.lastUsedStep), lt(userAuthenticators.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userAuthenticators.userId });
  return rows.length === 1;
}

export async function confirmAuthenticator(executor: Executor, userId: string) {
  const [row] = await executor
    .update(userAuthenticators)
    .set({ confirmedAt: sql`now()` })
    .where(eq(userAuthenticators.userId, userId))
    .returning({ confirmedAt: userAuthenticators.confirmedAt });
  return row?.confirmedAt ?? null;
}

// Every passkey of the user; answers how many there were.
export async function deletePasskeysOfUser(executor: Executor, userId: string): Promise<number> {
  const rows = await executor
    .delete(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .returning({ id: userPasskeys.id });
  return rows.length;
}

// The authenticator and every recovery code of the user; true when there was an authenticator.
// The authenticator app and, unless kept for the user's passkeys, the recovery codes.
export async function deleteSecondFactor(
  executor: Executor,
  userId: string,
  options: { keepRecoveryCodes: boolean } = { keepRecoveryCodes: false },
): Promise<boolean> {
  if (!options.keepRecoveryCodes)
    await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await executor
    .delete(userAuthenticators)
    .where(eq(userAuthenticators.userId, userId))
    .returning({ userId: userAuthenticators.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(
  executor: Executor,
  userId: string,
  hashes: string[],
): Promise<void> {
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await executor.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

// Single use by construction: only one caller can set used_at.
export async function useRecoveryCode(
  executor: Executor,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const rows = await executor
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function findUser(executor: Executor, userId: string) {
  const [row] = await executor
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      userType: users.userType,
      defaultClientId: users.defaultClientId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

// One more wrong code in a waiting session; the last allowed one revokes it. Answers the count and
// whether the session ended (undefined: the session is no longer waiting).
export async function recordChallengeFailure(executor: Executor, sessionId: string, maxFailures: number) {
  const [row] = await executor
    .update(sessions)
    .set({
      secondFactorFailures: sql`${sessions.secondFactorFailures} + 1`,
      revokedAt: sql`case when ${sessions.secondFactorFailures} + 1 >= ${maxFailures} then now() else null end`,
    })
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.awaitingSecondFactor, true), isNull(sessions.revokedAt)),
    )
    .returning({ failures: sessions.secondFactorFailures, revokedAt: sessions.revokedAt });
  return row ? { failures: row.failures, hasEnded: row.revokedAt !== null } : undefined;
}

// A reset ends the user's sessions that still wait for a code of the removed authenticator.
export async function revokeWaitingSessions(executor: Executor, userId: string): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(sessions.userId, userId), eq(sessions.awaitingSecondFactor, true), isNull(sessions.revokedAt)),
    );
}

// Whether staff require a second factor of a team this user belongs to: a client of their
// memberships or their default client, or a parent above one of them.
export async function isSecondFactorRequiredByTeam(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await queryRows(
    executor,
    sql`with recursive reached as (
        select client_id as id from memberships where user_id = ${userId}
        union select default_client_id from users where id = ${userId} and default_client_id is not null
      ), chain as (
        select c.id, c.parent_id, c.is_second_factor_required from clients c where c.id in (select id from reached)
        union
        select p.id, p.parent_id, p.is_second_factor_required from clients p join chain on p.id = chain.parent_id
      )
      select exists (select 1 from chain where is_second_factor_required) as is_required`,
  );
  return row?.is_required === true;
}

export async function findRequirementFacts(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ userType: users.userType, isProcessorAuditUser: users.isProcessorAuditUser })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

// Staff set or clear a team's requirement; answers whether the client exists.
export async function setTeamSecondFactorRequirement(
  executor: Executor,
  clientId: string,
  isRequired: boolean,
): Promise<{ name: string; wasRequired: boolean } | undefined> {
  const [before] = await executor
    .select({ name: clients.name, wasRequired: clients.isSecondFactorRequired })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('update');
  if (!before) return undefined;
  await executor.update(clients).set({ isSecondFactorRequired: isRequired }).where(eq(clients.id, clientId));
  return before;
}

export async function findTeamSecondFactorRequirement(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({ isRequired: clients.isSecondFactorRequired })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row?.isRequired;
}

// A step-up proved: the session's proof moves to now.
export async function recordSecondFactorProof(executor: Executor, sessionId: string): Promise<Date | null> {
  const [row] = await executor
    .update(sessions)
    .set({ secondFactorAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ at: sessions.secondFactorAt });
  return row?.at ?? null;
}
