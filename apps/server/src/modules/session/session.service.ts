import { SECOND_FACTOR_CHALLENGE_MINUTES } from '@portico/contracts/auth/second-factor';
import { sessionAbsoluteLimitHours, sessionIdleTimeoutMinutes } from '@portico/contracts/auth/session';
import type { Db, Executor } from '../../db/client';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import { insertSession, recordSignInTime, revokeSession } from './session.repository';

export type SessionOrigin = { ip: string | null; userAgent: string | null };

// A new id at every sign-in; whatever session the browser presented is revoked (fixation defence).
// A user with an authenticator app gets a session that waits for the second factor (short-lived,
// refused everywhere but the challenge); the sign-in time is recorded once the sign-in is whole.
export async function startSession(
  db: Db,
  input: {
    userId: string;
    presentedToken: string | undefined;
    origin: SessionOrigin;
    isAwaitingSecondFactor?: boolean;
  },
): Promise<{ token: string }> {
  const token = newSecretToken();
  await db.transaction(async (tx) => {
    if (input.presentedToken) await revokeSession(tx, hashSecretToken(input.presentedToken));
    await insertSession(tx, {
      id: hashSecretToken(token),
      userId: input.userId,
      idleMinutes: sessionIdleTimeoutMinutes,
      absoluteHours: sessionAbsoluteLimitHours,
      ...(input.isAwaitingSecondFactor
        ? { awaitingSecondFactorMinutes: SECOND_FACTOR_CHALLENGE_MINUTES }
        : {}),
      ...input.origin,
    });
    if (!input.isAwaitingSecondFactor) await recordSignInTime(tx, input.userId);
  });
  return { token };
}

// The second factor proved: a full session under a new token replaces the waiting one, in the
// transaction of the proof (tx), so a code is never spent without the session it earned.
export async function completeSecondFactorSession(
  tx: Executor,
  input: { waitingSessionId: string; userId: string; origin: SessionOrigin },
): Promise<{ token: string } | null> {
  const token = newSecretToken();
  // Ended meanwhile (logout, a reset, its time up): nothing to complete.
  if (!(await revokeSession(tx, input.waitingSessionId))) return null;
  await insertSession(tx, {
    id: hashSecretToken(token),
    userId: input.userId,
    idleMinutes: sessionIdleTimeoutMinutes,
    absoluteHours: sessionAbsoluteLimitHours,
    hasProvedSecondFactor: true,
    ...input.origin,
  });
  await recordSignInTime(tx, input.userId);
  return { token };
}

// Mimicking: a marked session as the mimicked user replaces the staff member's (which is revoked);
// it keeps the staff session's absolute limit. Stopping does the reverse.
export async function switchSession(
  db: Db,
  input: {
    fromSessionId: string;
    toUserId: string;
    mimickedByUserId: string | null;
    origin: SessionOrigin;
  },
): Promise<{ token: string }> {
  const token = newSecretToken();
  await db.transaction(async (tx) => {
    await insertSession(tx, {
      id: hashSecretToken(token),
      userId: input.toUserId,
      idleMinutes: sessionIdleTimeoutMinutes,
      absoluteHours: sessionAbsoluteLimitHours,
      absoluteLimitOfSessionId: input.fromSessionId,
      ...(input.mimickedByUserId === null ? {} : { mimickedByUserId: input.mimickedByUserId }),
      ...input.origin,
    });
    await revokeSession(tx, input.fromSessionId);
  });
  return { token };
}

export async function endSession(db: Db, token: string): Promise<{ userId: string } | null> {
  return (await revokeSession(db, hashSecretToken(token))) ?? null;
}
