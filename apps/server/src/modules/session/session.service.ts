import { deviceOf, type OwnSession, OwnSessionsText } from '@portico/contracts/auth/own-sessions';
import { SECOND_FACTOR_CHALLENGE_MINUTES } from '@portico/contracts/auth/second-factor';
import { sessionAbsoluteLimitHours, sessionIdleTimeoutMinutes } from '@portico/contracts/auth/session';
import type { Db, Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import {
  findLiveSessionsOf,
  insertSession,
  recordSignInTime,
  revokeSession,
  revokeSessionsOfUserExcept,
} from './session.repository';

const SessionError = defineErrors({
  NotWhileMimicking: ['NOT_WHILE_MIMICKING', 'forbidden'],
});

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
    // The sign-in itself proved more than one factor (a passkey with user verification).
    hasProvedSecondFactor?: boolean;
    // Waiting for the set-up of a first second factor, which the user must have.
    isEnrollingSecondFactor?: boolean;
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
      ...(input.hasProvedSecondFactor ? { hasProvedSecondFactor: true } : {}),
      ...(input.isEnrollingSecondFactor ? { isEnrollingSecondFactor: true } : {}),
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

// The Settings page's list: the caller's live sessions in words, the current one marked.
export async function ownSessions(db: Db, userId: string, currentSessionId: string): Promise<OwnSession[]> {
  const rows = await findLiveSessionsOf(db, userId);
  return rows.map((row) => ({
    isCurrent: row.id === currentSessionId,
    isMimic: row.mimickedByUserId !== null,
    device: deviceOf(row.userAgent),
    ip: row.ip,
    startedAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}

// 'Sign out everywhere else': only the user's own sign-in may do it. A mimic session acts as the
// user for staff, and ending the user's own sessions is not part of looking at their portal.
export async function signOutOtherSessions(
  db: Db,
  session: { userId: string; sessionId: string; mimickedByUserId: string | null },
): Promise<number> {
  if (session.mimickedByUserId !== null)
    throw SessionError.NotWhileMimicking(OwnSessionsText.NotWhileMimicking);
  return revokeSessionsOfUserExcept(db, session.userId, session.sessionId);
}
