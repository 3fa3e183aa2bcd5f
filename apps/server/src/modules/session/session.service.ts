import { sessionAbsoluteLimitHours, sessionIdleTimeoutMinutes } from '@portico/contracts/auth/session';
import type { Db } from '../../db/client';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import { insertSession, recordSignInTime, revokeSession } from './session.repository';

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
