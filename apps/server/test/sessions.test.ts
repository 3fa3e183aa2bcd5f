import { sessionCookieName } from '@portico/contracts/auth/session';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/auth';
import { auditLog } from '../src/db/schema/system';
import { users } from '../src/db/schema/users';
import { sessionCookieNameOf } from '../src/plugins/session';
import {
  cookiePair,
  latestMailedCode,
  sessionCookieFor,
  sessionIdOfCookie,
  sessionRow,
  setCookieHeader,
  shiftSession,
} from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { buildClient, buildUser } from './factories';
import { fixtureRoutes } from './fixture-routes';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let merchantId: string;

beforeAll(async () => {
  ctx = await buildTestApp({}, { extraRoutes: [fixtureRoutes] });
  merchantId = (await buildClient(ctx.app.db)).id;
});
afterAll(() => ctx.close());

async function signedInUser(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(ctx.app.db, { defaultClientId: merchantId, ...overrides });
  return { user, cookie: await sessionCookieFor(ctx.app.db, user.email) };
}

const me = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', ...(cookie ? { headers: { cookie } } : {}) });
const isAuthenticated = async (cookie?: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/authenticated',
    ...(cookie ? { headers: { cookie } } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json().message;
};

async function signInByLink(app: typeof ctx.app, email: string) {
  await app.inject({ method: 'POST', url: '/firebase', payload: { email } });
  await app.mail.idle();
  const token = await latestMailedCode(app.db, email);
  return app.inject({ method: 'POST', url: '/auth', payload: { token, email } });
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, 256-bit random, stored only as its SHA-256', async () => {
    const user = await buildUser(ctx.app.db, { defaultClientId: merchantId });
    const res = await signInByLink(ctx.app, user.email);
    const header = setCookieHeader(res.headers, sessionCookieName) ?? '';
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    // PUBLIC_URL is http://localhost in tests: plain http is allowed here only.
    expect(header).not.toMatch(/; Secure/);
    const token = cookiePair(header).slice(sessionCookieName.length + 1);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.id)).toEqual([sessionIdOfCookie(cookiePair(header))]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('is Secure and __Host- prefixed when the portal is served over https', async () => {
    const https = await buildTestApp({ publicUrl: 'https://portal.example', secureCookies: true });
    try {
      const client = await buildClient(https.app.db);
      const user = await buildUser(https.app.db, { defaultClientId: client.id });
      const res = await signInByLink(https.app, user.email);
      expect(setCookieHeader(res.headers, sessionCookieName)).toBeUndefined();
      expect(setCookieHeader(res.headers, sessionCookieNameOf(true))).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });
});

describe('POST /authenticated', () => {
  it('answers false without a session, never 401', async () => {
    expect(await isAuthenticated()).toBe(false);
    expect(await isAuthenticated(`${sessionCookieName}=garbage`)).toBe(false);
    expect(await isAuthenticated(`${sessionCookieName}=${'A'.repeat(43)}`)).toBe(false);
  });

  it('answers true with a live session', async () => {
    const { cookie } = await signedInUser();
    expect(await isAuthenticated(cookie)).toBe(true);
  });
});

describe('limits', () => {
  it('ends a session idle for 15 minutes', async () => {
    const { cookie } = await signedInUser();
    const row = await sessionRow(ctx.app.db, cookie);
    const idleSeconds = (Number(row?.expiresAt) - Number(row?.createdAt)) / 1000;
    expect(idleSeconds).toBe(15 * 60);
    await shiftSession(ctx.app.db, cookie, { expiresInMinutes: -0.1 });
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await isAuthenticated(cookie)).toBe(false);
  });

  it('pushes the idle limit forward on activity, at most once a minute', async () => {
    const { cookie } = await signedInUser();
    await shiftSession(ctx.app.db, cookie, { expiresInMinutes: 5, lastSeenMinutesAgo: 10 });
    expect((await me(cookie)).statusCode).toBe(200);
    const touched = await sessionRow(ctx.app.db, cookie);
    const [clock] = await ctx.app.db.select({ now: sql<string>`now()::text` }).from(sql`(select 1) one`);
    const minutesLeft = (Number(touched?.expiresAt) - Date.parse(clock?.now ?? '')) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14.5);

    // Seen half a minute ago: no write, the limit stays where it is.
    await shiftSession(ctx.app.db, cookie, { expiresInMinutes: 5, lastSeenMinutesAgo: 0.5 });
    const before = await sessionRow(ctx.app.db, cookie);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await sessionRow(ctx.app.db, cookie))?.expiresAt).toEqual(before?.expiresAt);
  });

  it('never extends past the absolute limit of 12 hours', async () => {
    const { cookie } = await signedInUser();
    const row = await sessionRow(ctx.app.db, cookie);
    expect((Number(row?.absoluteExpiresAt) - Number(row?.createdAt)) / 3_600_000).toBe(12);
    await shiftSession(ctx.app.db, cookie, { absoluteInMinutes: 3, lastSeenMinutesAgo: 5 });
    expect((await me(cookie)).statusCode).toBe(200);
    const touched = await sessionRow(ctx.app.db, cookie);
    expect(touched?.expiresAt).toEqual(touched?.absoluteExpiresAt);
    await shiftSession(ctx.app.db, cookie, { absoluteInMinutes: -0.1 });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('honours revoked_at and a disabled account', async () => {
    const revoked = await signedInUser();
    await ctx.app.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, sessionIdOfCookie(revoked.cookie)));
    expect((await me(revoked.cookie)).statusCode).toBe(401);

    const disabled = await signedInUser();
    await ctx.app.db.update(users).set({ isDisabled: true }).where(eq(users.id, disabled.user.id));
    expect((await me(disabled.cookie)).statusCode).toBe(401);
  });
});

describe('POST /logout', () => {
  it('revokes the session, clears the cookie and audits sign_out', async () => {
    const { user, cookie } = await signedInUser();
    expect((await me(cookie)).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: '/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: true });
    const cleared = setCookieHeader(res.headers, sessionCookieName) ?? '';
    expect(cleared).toMatch(/^portico_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await sessionRow(ctx.app.db, cookie))?.revokedAt).not.toBeNull();
    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_out'), eq(auditLog.actorUserId, user.id)));
    expect(entry).toMatchObject({ outcome: 'success', actorEmail: user.email });
  });

  it('is idempotent and needs no session', async () => {
    const { cookie } = await signedInUser();
    for (const headers of [{ cookie }, { cookie }, {}]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/logout', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, message: true });
    }
  });
});

describe('route roles', () => {
  it('gives a merchant user 403 on an admin-only route and audits the denial', async () => {
    const { user, cookie } = await signedInUser();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/private', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: false,
      error: { code: 'FORBIDDEN', message: 'You are not allowed to do this' },
      requestId: expect.any(String),
    });
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.actorUserId, user.id)));
    expect(entry).toMatchObject({
      outcome: 'denied',
      targetType: 'route',
      targetId: 'GET /api/test/private',
      details: { reason: 'role', role: 'user' },
    });
  });

  it('lets an admin through', async () => {
    const { cookie } = await signedInUser({ userType: 'admin' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/private', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });
});

describe("the user's own sessions (Settings)", () => {
  const listOwn = (cookie: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/user/sessions', headers: { cookie } });
  const signOutOthers = (cookie: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/sessions/sign-out-others', headers: { cookie } });

  it('lists only the caller’s live sessions, the current one marked, in words and without keys', async () => {
    const { user, cookie } = await signedInUser();
    const other = await sessionCookieFor(ctx.app.db, user.email);
    const ended = await sessionCookieFor(ctx.app.db, user.email);
    await shiftSession(ctx.app.db, ended, { expiresInMinutes: -1 });
    // Someone else's session is never listed.
    await signedInUser();

    const res = await listOwn(cookie);
    expect(res.statusCode).toBe(200);
    const listed = res.json().message;
    expect(listed).toHaveLength(2);
    expect(listed.filter((s: { isCurrent: boolean }) => s.isCurrent)).toHaveLength(1);
    expect(listed[0]).toMatchObject({ isMimic: false, device: expect.any(String) });
    const body = res.body;
    for (const c of [cookie, other]) expect(body).not.toContain(sessionIdOfCookie(c));
  });

  it('ends every other session, keeps this one, and audits it', async () => {
    const { user, cookie } = await signedInUser();
    const other = await sessionCookieFor(ctx.app.db, user.email);
    const third = await sessionCookieFor(ctx.app.db, user.email);
    const stranger = await signedInUser();

    const res = await signOutOthers(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual({ ended: 2 });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(stranger.cookie)).statusCode).toBe(200);
    expect((await listOwn(cookie)).json().message).toHaveLength(1);

    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.action, 'sign_out_others')));
    expect(entry?.details).toEqual({ ended: 2 });
  });

  it('is refused in a mimic session, which ends nothing', async () => {
    const { user, cookie } = await signedInUser();
    const other = await sessionCookieFor(ctx.app.db, user.email);
    const staff = await buildUser(ctx.app.db, { userType: 'admin' });
    await ctx.app.db
      .update(sessions)
      .set({ mimickedByUserId: staff.id })
      .where(eq(sessions.id, sessionIdOfCookie(cookie)));

    const res = await signOutOthers(cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Sessions cannot be ended while mimicking.');
    expect((await me(other)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/sessions' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/user/sessions/sign-out-others' })).statusCode,
    ).toBe(401);
  });
});
