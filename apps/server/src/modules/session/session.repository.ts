import { and, eq, isNull, ne, sql } from 'drizzle-orm';
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
  // A mimic session: the staff member behind it, and the absolute limit it inherits
  // from the session it was opened from (id of that session), so mimicking never extends a sign-in.
  mimickedByUserId?: string;
  absoluteLimitOfSessionId?: string;
  // Signed in with the first factor only: the session lasts this many minutes, whatever the limits
  // above, unless the second factor is proved (which starts a new session).
  awaitingSecondFactorMinutes?: number;
  // The second factor was proved as this session started.
  hasProvedSecondFactor?: boolean;
  // A waiting session whose user must set up a first second factor: it may do only that.
  isEnrollingSecondFactor?: boolean;
};

// Times come from the database clock, the same one the session checks compare against.
export async function insertSession(executor: Executor, session: NewSession): Promise<void> {
  const waiting = session.awaitingSecondFactorMinutes;
  await executor.insert(sessions).values({
    id: session.id,
    userId: session.userId,
    expiresAt:
      waiting === undefined
        ? sql`now() + make_interval(mins => ${session.idleMinutes})`
        : sql`now() + make_interval(mins => ${waiting})`,
    absoluteExpiresAt:
      waiting !== undefined
        ? sql`now() + make_interval(mins => ${waiting})`
        : session.absoluteLimitOfSessionId === undefined
          ? sql`now() + make_interval(hours => ${session.absoluteHours})`
          : sql`least(now() + make_interval(hours => ${session.absoluteHours}), (select s.absolute_expires_at from sessions s where s.id = ${session.absoluteLimitOfSessionId}))`,
    awaitingSecondFactor: waiting !== undefined,
    // A mimic session (and the staff session it goes back to) keeps the proof of the session it
    // was opened from: the same person, the same sign-in.
    secondFactorAt: session.hasProvedSecondFactor
      ? sql`now()`
      : session.absoluteLimitOfSessionId === undefined
        ? null
        : sql`(select s.second_factor_at from sessions s where s.id = ${session.absoluteLimitOfSessionId})`,
    secondFactorEnrolment: waiting !== undefined && session.isEnrollingSecondFactor === true,
    ip: session.ip,
    userAgent: session.userAgent?.slice(0, 500) ?? null,
    mimickedByUserId: session.mimickedByUserId ?? null,
  });
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

// A sign-in by login link or through a provider that vouches for the address proves the address;
// password sign-in requires that proof already, so it changes nothing there.
export async function recordSignInTime(executor: Executor, userId: string): Promise<void> {
  await executor
    .update(users)
    .set({ lastSignInAt: sql`now()`, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

// Ends every open session of the user (a password reset: whoever knew the old password is out).
export async function revokeAllSessionsOf(executor: Executor, userId: string): Promise<number> {
  const rows = await executor
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

const isLive = sql`${sessions.revokedAt} is null and ${sessions.expiresAt} > now() and ${sessions.absoluteExpiresAt} > now()`;

export type OwnSessionRow = {
  id: string;
  mimickedByUserId: string | null;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
};

// The user's sessions that still open the portal, most recently used first.
export async function findLiveSessionsOf(executor: Executor, userId: string): Promise<OwnSessionRow[]> {
  return executor
    .select({
      id: sessions.id,
      mimickedByUserId: sessions.mimickedByUserId,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isLive))
    .orderBy(sql`${sessions.lastSeenAt} desc`);
}

// Ends every live session of the user except the one given; answers how many ended.
export async function revokeSessionsOfUserExcept(
  executor: Executor,
  userId: string,
  keptSessionId: string,
): Promise<number> {
  const ended = await executor
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId), isLive))
    .returning({ id: sessions.id });
  return ended.length;
}
