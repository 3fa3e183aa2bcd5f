import { MimicErrorText, mimicLinkTokenKey } from '@portico/contracts/access/mimic';
import { sessionCookieName } from '@portico/contracts/auth/session';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../src/db/schema/access';
import { loginTokens } from '../src/db/schema/auth';
import { auditLog } from '../src/db/schema/system';
import { users } from '../src/db/schema/users';
import {
  cookiePair,
  defaultClientOf,
  sessionCookieFor,
  sessionRow,
  setCookieHeader,
  shiftSession,
} from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { demo } from './demo-data';
import { buildUser } from './factories';

// Who may mimic whom, a single-use short-lived link bound to the staff member, a
// marked session as the user, nothing sign-in related from it, and an audit trail naming both.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
});
afterAll(() => ctx.close());

async function userId(email: string): Promise<string> {
  const [row] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
}

async function post(cookie: string, url: string, payload?: object) {
  return ctx.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function askLink(cookie: string, email: string) {
  return post(cookie, '/api/loginlink', { email });
}

function tokenOf(link: string): string {
  const token = new URL(link).hash.slice(`#${mimicLinkTokenKey}=`.length);
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

// Signs the staff member in, asks for a link to the user and redeems it: the mimic session's cookie.
async function mimic(staffEmail: string, userEmail: string) {
  const staffCookie = await sessionCookieFor(ctx.app.db, staffEmail);
  const link = await askLink(staffCookie, userEmail);
  expect(link.statusCode).toBe(200);
  const res = await post(staffCookie, '/api/mimic/session', { token: tokenOf(link.json().message) });
  expect(res.statusCode).toBe(200);
  return { staffCookie, cookie: cookiePair(setCookieHeader(res.headers, sessionCookieName)), res };
}

describe('who may mimic whom', () => {
  it('lets staff mimic anyone but staff', async () => {
    const admin = await sessionCookieFor(ctx.app.db, demo.admin);
    const link = await askLink(admin, demo.barista);
    expect(link.statusCode).toBe(200);
    expect(link.json().message).toMatch(new RegExp(`/app/mimic#${mimicLinkTokenKey}=[A-Za-z0-9_-]{43}$`));
    for (const staff of [demo.healnow, demo.audit]) {
      const refused = await askLink(admin, staff);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(MimicErrorText.NotAllowed);
    }
  });

  it('lets a parent or alpha user mimic only users inside the merchants they administer', async () => {
    // A user holding nothing the caller lacks (a Harbor Lane member without a role); users holding
    // more than the caller are refused too (security/mimic-escalation.test.ts).
    const plain = await buildUser(ctx.app.db, {
      email: 'plain@harborlanecoffee.example',
      defaultClientId: await defaultClientOf(ctx.app.db, demo.owner),
    });
    await ctx.app.db.insert(memberships).values({ userId: plain.id, clientId: plain.defaultClientId ?? '' });
    const reseller = await sessionCookieFor(ctx.app.db, demo.reseller);
    expect((await askLink(reseller, plain.email)).statusCode).toBe(200);
    // Blue River's agent belongs to merchants outside Summit's hierarchy.
    expect((await askLink(reseller, demo.agent)).statusCode).toBe(403);
    const alpha = await sessionCookieFor(ctx.app.db, demo.alpha);
    expect((await askLink(alpha, plain.email)).statusCode).toBe(200);
    // The reseller's membership (Summit) is above Harbor Lane, not inside it.
    expect((await askLink(alpha, demo.reseller)).statusCode).toBe(403);
    // An unknown address looks the same as a forbidden one.
    expect((await askLink(alpha, 'nobody@nowhere.example')).json().error.message).toBe(
      MimicErrorText.NotAllowed,
    );
  });

  it('refuses merchant users, and records refusals in the audit log', async () => {
    const owner = await sessionCookieFor(ctx.app.db, demo.owner);
    expect((await askLink(owner, demo.barista)).statusCode).toBe(403);
    const denied = await ctx.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'mimic'),
          eq(auditLog.outcome, 'denied'),
          eq(auditLog.actorUserId, await userId(demo.reseller)),
        ),
      );
    expect(denied.map((row) => row.details?.email)).toContain(demo.agent);
  });
});

describe('the mimic link', () => {
  it('opens a marked session as the user, replacing the staff session', async () => {
    const { staffCookie, cookie, res } = await mimic(demo.admin, demo.barista);
    expect(res.json().message).toEqual({ mimicking: { email: demo.barista, by_email: demo.admin } });
    const row = await sessionRow(ctx.app.db, cookie);
    expect(row?.userId).toBe(await userId(demo.barista));
    expect(row?.mimickedByUserId).toBe(await userId(demo.admin));
    expect((await sessionRow(ctx.app.db, staffCookie))?.revokedAt).not.toBeNull();
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json().message.email).toBe(demo.barista);
    const state = await ctx.app.inject({ method: 'GET', url: '/api/mimic/session', headers: { cookie } });
    expect(state.json().message).toEqual({ mimicking: { email: demo.barista, by_email: demo.admin } });
  });

  it('never outlives the staff session it came from', async () => {
    const staffCookie = await sessionCookieFor(ctx.app.db, demo.admin);
    await shiftSession(ctx.app.db, staffCookie, { absoluteInMinutes: 30 });
    const staffLimit = (await sessionRow(ctx.app.db, staffCookie))?.absoluteExpiresAt;
    const link = await askLink(staffCookie, demo.barista);
    const res = await post(staffCookie, '/api/mimic/session', { token: tokenOf(link.json().message) });
    const row = await sessionRow(ctx.app.db, cookiePair(setCookieHeader(res.headers, sessionCookieName)));
    expect(row?.absoluteExpiresAt.getTime()).toBe(staffLimit?.getTime());
  });

  it('is single use', async () => {
    const staffCookie = await sessionCookieFor(ctx.app.db, demo.admin);
    const token = tokenOf((await askLink(staffCookie, demo.barista)).json().message);
    expect((await post(staffCookie, '/api/mimic/session', { token })).statusCode).toBe(200);
    const again = await post(await sessionCookieFor(ctx.app.db, demo.admin), '/api/mimic/session', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(MimicErrorText.LinkUsed);
  });

  it('expires after a few minutes', async () => {
    const staffCookie = await sessionCookieFor(ctx.app.db, demo.admin);
    const token = tokenOf((await askLink(staffCookie, demo.owner)).json().message);
    const [newest] = await ctx.app.db
      .select({ id: loginTokens.id })
      .from(loginTokens)
      .where(eq(loginTokens.purpose, 'mimic'))
      .orderBy(desc(loginTokens.createdAt))
      .limit(1);
    await ctx.app.db
      .update(loginTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginTokens.id, newest?.id ?? ''));
    const res = await post(staffCookie, '/api/mimic/session', { token });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(MimicErrorText.LinkExpired);
    // The staff session is still the staff session.
    expect((await sessionRow(ctx.app.db, staffCookie))?.revokedAt).toBeNull();
  });

  it('opens nothing for anyone but the staff member who asked for it', async () => {
    const admin = await sessionCookieFor(ctx.app.db, demo.admin);
    const token = tokenOf((await askLink(admin, demo.barista)).json().message);
    const reseller = await sessionCookieFor(ctx.app.db, demo.reseller);
    const res = await post(reseller, '/api/mimic/session', { token });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(MimicErrorText.LinkUnknown);
    // Still good for its owner.
    expect((await post(admin, '/api/mimic/session', { token })).statusCode).toBe(200);
  });
});

describe('inside a mimic session', () => {
  it('refuses mimicking again, view-as and linking another sign-in identity', async () => {
    // The reseller may mimic (parent with Permissions): mimicked, it may not.
    const { cookie } = await mimic(demo.admin, demo.reseller);
    const again = await askLink(cookie, demo.barista);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe('Not allowed while mimicking a user');
    expect((await post(cookie, '/api/mimic/session', { token: 'A'.repeat(43) })).statusCode).toBe(403);
    const harbor = (
      await ctx.app.db.select({ id: users.defaultClientId }).from(users).where(eq(users.email, demo.owner))
    )[0]?.id;
    expect((await post(cookie, '/api/view-as', { client_id: harbor })).statusCode).toBe(403);
    expect((await post(cookie, '/api/auth/link/continue')).statusCode).toBe(403);
  });

  it('refuses a change of the mimicked user’s own sign-in e-mail, and records it', async () => {
    const { cookie } = await mimic(demo.admin, demo.owner);
    const harbor = await defaultClientOf(ctx.app.db, demo.owner);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/update',
      headers: { cookie },
      payload: {
        id: await userId(demo.owner),
        name: 'Sam Rivera',
        email: 'someone-else@harborlanecoffee.example',
        memberships: [{ merchant_id: harbor, role: null }],
        default_client_id: harbor,
        locations: [],
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Not allowed while mimicking a user');
    const [owner] = await ctx.app.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, await userId(demo.owner)));
    expect(owner?.email).toBe(demo.owner);
  });

  it('audits every change with both identities', async () => {
    const { cookie } = await mimic(demo.admin, demo.barista);
    const changed = await post(cookie, '/api/timezone', { timezone: 'America/Chicago' });
    expect(changed.statusCode).toBe(200);
    await post(cookie, '/logout');
    const admin = await userId(demo.admin);
    const barista = await userId(demo.barista);
    const entries = await ctx.app.db
      .select({
        action: auditLog.action,
        actor: auditLog.actorUserId,
        behalf: auditLog.onBehalfOfUserId,
        target: auditLog.targetId,
      })
      .from(auditLog)
      .where(eq(auditLog.onBehalfOfUserId, admin));
    expect(entries).toContainEqual({
      action: 'mimic.action',
      actor: barista,
      behalf: admin,
      target: 'POST /api/timezone',
    });
    // A module's own entry (sign-out) carries the staff member without passing it.
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'sign_out', actor: barista, behalf: admin }),
    );
  });

  it('Stop returns to a staff session and records it', async () => {
    const { cookie } = await mimic(demo.admin, demo.barista);
    const res = await post(cookie, '/api/mimic/stop');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual({ mimicking: null });
    const back = cookiePair(setCookieHeader(res.headers, sessionCookieName));
    expect((await sessionRow(ctx.app.db, back))?.mimickedByUserId).toBeNull();
    expect((await sessionRow(ctx.app.db, cookie))?.revokedAt).not.toBeNull();
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: back } });
    expect(me.json().message.email).toBe(demo.admin);
    const [stop] = await ctx.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'mimic'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(stop?.details).toMatchObject({ stage: 'stop', by: demo.admin });
    // A staff session has nothing to stop.
    expect((await post(back, '/api/mimic/stop')).statusCode).toBe(409);
  });

  it('ends when the staff member may no longer sign in', async () => {
    const { cookie } = await mimic(demo.admin, demo.owner);
    await ctx.app.db.update(users).set({ isLockedOut: true }).where(eq(users.email, demo.admin));
    try {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    } finally {
      await ctx.app.db.update(users).set({ isLockedOut: false }).where(eq(users.email, demo.admin));
    }
  });
});
