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
};

// Times come from the database clock, the same one the session checks compare against.
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
