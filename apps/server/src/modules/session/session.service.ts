import { deviceOf, type OwnSession, OwnSessionsText } from '@portico/contracts/auth/own-sessions';
import { sessionAbsoluteLimitHours, sessionIdleTimeoutMinutes } from '@portico/contracts/auth/session';
import type { Db } from '../../db/client';
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
export async function startSession(
  db: Db,
  input: { userId: string; presentedToken: string | undefined; origin: SessionOrigin },
): Promise<{ token: string }> {
  const token = newSecretToken();
  await db.transaction(async (tx) => {
    if (input.presentedToken) await revokeSession(tx, hashSecretToken(input.presentedToken));
    await insertSession(tx, {
      id: hashSecretToken(token),
      userId: input.userId,
      idleMinutes: sessionIdleTimeoutMinutes,
      absoluteHours: sessionAbsoluteLimitHours,
      ...input.origin,
    });
    await recordSignInTime(tx, input.userId);
  });
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
