import { sessionCookieName } from '@portico/contracts/auth/session';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../src/db/client';
import { sessions } from '../src/db/schema/auth';
import { clients } from '../src/db/schema/clients';
import { emailOutbox } from '../src/db/schema/system';
import { users } from '../src/db/schema/users';
import { hashSecretToken, newSecretToken } from '../src/lib/secret-token';
import { insertSession } from '../src/modules/session/session.repository';

// The user's default client, which the seeded accounts all have.
export async function defaultClientOf(db: Executor, email: string): Promise<string> {
  const [row] = await db.select({ id: users.defaultClientId }).from(users).where(eq(users.email, email));
  if (!row?.id) throw new Error(`${email} has no default client`);
  return row.id;
}

// Signs a user in without the e-mail round trip: a session row and the cookie header that names it.
// An app whose PUBLIC_URL is https names its cookie __Host-… (sessionCookieNameOf(true)).
export async function sessionCookieFor(
  db: Executor,
  email: string,
  cookieName: string = sessionCookieName,
): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email}`);
  const token = newSecretToken();
  await insertSession(db, {
    id: hashSecretToken(token),
    userId: user.id,
    idleMinutes: 15,
    absoluteHours: 12,
    ip: null,
    userAgent: 'test',
    // A whole sign-in: any second factor the user has was proved just now.
    hasProvedSecondFactor: true,
  });
  return `${cookieName}=${token}`;
}

// A mimic session: staff acting as the user (the user's rights, staff's name in the audit).
export async function mimicSessionCookieFor(db: Executor, userId: string, staffId: string): Promise<string> {
  const token = newSecretToken();
  await insertSession(db, {
    id: hashSecretToken(token),
    userId,
    idleMinutes: 15,
    absoluteHours: 12,
    ip: null,
    userAgent: 'test',
    mimickedByUserId: staffId,
  });
  return `${sessionCookieName}=${token}`;
}

export function sessionIdOfCookie(cookie: string): string {
  return hashSecretToken(cookie.slice(`${sessionCookieName}=`.length));
}

export async function sessionRow(db: Executor, cookie: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sessionIdOfCookie(cookie)));
  return row;
}

// Moves a session's clock: negative minutes put the moment in the past.
export async function shiftSession(
  db: Executor,
  cookie: string,
  change: { expiresInMinutes?: number; absoluteInMinutes?: number; lastSeenMinutesAgo?: number },
) {
  const id = sessionIdOfCookie(cookie);
  if (change.expiresInMinutes !== undefined) {
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() + make_interval(secs => ${change.expiresInMinutes * 60})` })
      .where(eq(sessions.id, id));
  }
  if (change.absoluteInMinutes !== undefined) {
    await db
      .update(sessions)
      .set({ absoluteExpiresAt: sql`now() + make_interval(secs => ${change.absoluteInMinutes * 60})` })
      .where(eq(sessions.id, id));
  }
  if (change.lastSeenMinutesAgo !== undefined) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(secs => ${change.lastSeenMinutesAgo * 60})` })
      .where(eq(sessions.id, id));
  }
}

export async function outboxFor(db: Executor, email: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(sql`${email} = any(${emailOutbox.toAddresses})`)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id));
}

// The oobCode of the newest link mailed to the address.
export async function latestMailedCode(db: Executor, email: string): Promise<string> {
  const [mail] = await outboxFor(db, email);
  const match = mail?.bodyText?.match(/oobCode=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`No link mailed to ${email}`);
  return match[1];
}

// The value of a Set-Cookie header of an inject() answer, by cookie name.
export function setCookieHeader(headers: Record<string, unknown>, name: string): string | undefined {
  const raw = headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return all.find((value): value is string => typeof value === 'string' && value.startsWith(`${name}=`));
}

export function cookiePair(setCookie: string | undefined): string {
  if (!setCookie) throw new Error('No Set-Cookie');
  return setCookie.split(';')[0] ?? '';
}

export type InjectingApp = { db: Executor; inject: FastifyInstance['inject'] };

// A call as a signed-in demo user (a fresh session each time unless a cookie is given).
export async function callAs(
  app: InjectingApp,
  email: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  cookie?: string,
) {
  return app.inject({
    method,
    url,
    headers: { cookie: cookie ?? (await sessionCookieFor(app.db, email)) },
    ...(payload ? { payload } : {}),
  });
}

export async function clientIdNamed(db: Executor, name: string): Promise<string> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.name, name));
  if (!row) throw new Error(`No client ${name}`);
  return row.id;
}
