import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passkeyChallenges, userPasskeys } from '../../db/schema/passkeys';

export type ChallengePurpose = (typeof passkeyChallenges.purpose.enumValues)[number];

const listed = {
  id: userPasskeys.id,
  name: userPasskeys.name,
  createdAt: userPasskeys.createdAt,
  lastUsedAt: userPasskeys.lastUsedAt,
};

export async function listPasskeys(executor: Executor, userId: string) {
  return executor
    .select(listed)
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(asc(userPasskeys.createdAt), asc(userPasskeys.id));
}

// The credentials the browser is told about (to exclude at registration, to allow as a second factor).
export async function credentialsOf(executor: Executor, userId: string) {
  return executor
    .select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
}

// Read under a row lock when an answer is checked, so two answers cannot both move the counter.
export async function findByCredentialId(executor: Executor, credentialId: string) {
  const [row] = await executor
    .select({
      id: userPasskeys.id,
      userId: userPasskeys.userId,
      credentialId: userPasskeys.credentialId,
      publicKey: userPasskeys.publicKey,
      counter: userPasskeys.counter,
      transports: userPasskeys.transports,
      name: userPasskeys.name,
    })
    .from(userPasskeys)
    .where(eq(userPasskeys.credentialId, credentialId))
    .for('update');
  return row;
}

// undefined: the credential is registered already (to this account or another).
export async function insertPasskey(
  executor: Executor,
  values: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    name: string;
  },
) {
  const [row] = await executor
    .insert(userPasskeys)
    .values(values)
    .onConflictDoNothing({ target: userPasskeys.credentialId })
    .returning(listed);
  return row;
}

export async function renamePasskey(executor: Executor, userId: string, id: string, name: string) {
  const [row] = await executor
    .update(userPasskeys)
    .set({ name })
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
    .returning(listed);
  return row;
}

export async function deletePasskey(executor: Executor, userId: string, id: string) {
  const [row] = await executor
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
    .returning({ name: userPasskeys.name });
  return row;
}

// The counter moves only from the value the check read: the losing answer of a race changes nothing.
export async function acceptUse(executor: Executor, id: string, fromCounter: number, toCounter: number) {
  const rows = await executor
    .update(userPasskeys)
    .set({ counter: toCounter, lastUsedAt: sql`now()` })
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.counter, fromCounter)))
    .returning({ id: userPasskeys.id });
  return rows.length === 1;
}

// A new request replaces the session's earlier one of the same purpose; stale requests are swept.
export async function saveChallenge(
  executor: Executor,
  input: {
    purpose: ChallengePurpose;
    challenge: string;
    sessionId: string | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<string> {
  await executor.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, input.now));
  if (input.sessionId !== null) {
    await executor
      .delete(passkeyChallenges)
      .where(
        and(eq(passkeyChallenges.sessionId, input.sessionId), eq(passkeyChallenges.purpose, input.purpose)),
      );
  }
  const [row] = await executor
    .insert(passkeyChallenges)
    .values({
      purpose: input.purpose,
      challenge: input.challenge,
      sessionId: input.sessionId,
      expiresAt: input.expiresAt,
    })
    .returning({ id: passkeyChallenges.id });
  if (!row) throw new Error('passkey challenge not stored');
  return row.id;
}

// Taken by the first answer: deleted and returned, so no second answer finds it.
export async function takeChallenge(
  executor: Executor,
  purpose: ChallengePurpose,
  by: { sessionId: string } | { id: string },
) {
  const [row] = await executor
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.purpose, purpose),
        'id' in by ? eq(passkeyChallenges.id, by.id) : eq(passkeyChallenges.sessionId, by.sessionId),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge, expiresAt: passkeyChallenges.expiresAt });
  return row;
}
