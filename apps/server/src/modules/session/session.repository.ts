import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';

export type NewSession = {
  id: string;
  userId: string;
  idleMinutes: number;
  absoluteHours: number;
  ip: string | null;
  userAgent: string | null;
  // A mimic session (issue 15): the staff member behind it, and the absolute limit it inherits
  // from the session it was opened from (id of that session), so mimicking never extends a sign-in.
  mimickedByUserId?: string;
  absoluteLimitOfSessionId?: string;
};

// Times come from the database clock, the same one every check below compares against.
export async function insertSession(executor: Executor, session: NewSession): Promise<void> {
  await executor.insert(sessions).values({
    id: session.id,
    userId: session.userId,
    expiresAt: sql`now() + make_interval(mins => ${session.idleMinutes})`,
    absoluteExpiresAt:
      session.absoluteLimitOfSessionId === undefined
        ? sql`now() + make_interval(hours => ${session.absoluteHours})`
        : sql`least(now() + make_interval(hours => ${session.absoluteHours}), (select s.absolute_expires_at from sessions s where s.id = ${session.absoluteLimitOfSessionId}))`,
    ip: session.ip,
    userAgent: session.userAgent?.slice(0, 500) ?? null,
    mimickedByUserId: session.mimickedByUserId ?? null,
  });
}

// A live session of a user who may still sign in: not revoked, inside both limits, account enabled.
export async function findLiveSession(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: sessions.id,
      userId: sessions.userId,
      viewAsClientId: sessions.viewAsClientId,
      mimickedByUserId: sessions.mimickedByUserId,
      email: users.email,
      userType: users.userType,
      isProcessorAuditUser: users.isProcessorAuditUser,
      // Extending the idle limit costs a write: do it at most once a minute per session.
      isDueForTouch: sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
        eq(users.isDisabled, false),
        eq(users.isLockedOut, false),
        ne(users.userType, 'contact'),
        // A mimic session ends with the staff member's right to sign in.
        sql`(${sessions.mimickedByUserId} is null or exists (select 1 from users staff where staff.id = ${sessions.mimickedByUserId} and not staff.is_disabled and not staff.is_locked_out))`,
      ),
    );
  return row;
}

export async function touchSession(executor: Executor, id: string, idleMinutes: number): Promise<void> {
  await executor
    .update(sessions)
    .set({
      lastSeenAt: sql`now()`,
      expiresAt: sql`least(now() + make_interval(mins => ${idleMinutes}), ${sessions.absoluteExpiresAt})`,
    })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

// Returns the user of the session when it was still open, so sign-out can be audited.
export async function revokeSession(executor: Executor, id: string) {
  const [row] = await executor
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId, mimickedByUserId: sessions.mimickedByUserId });
  return row;
}

export async function recordSignInTime(executor: Executor, userId: string): Promise<void> {
  await executor.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, userId));
}
