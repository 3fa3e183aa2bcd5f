import { createHmac } from 'node:crypto';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { SecondFactorErrorCode } from '@portico/contracts/auth/second-factor-errors';
import { base32Decode, type HmacSha1, totpCodeAt } from '@portico/contracts/auth/totp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor, sessionRow } from '../../test/auth-helpers';
import { buildTestApp } from '../../test/build-test-app';
import { buildClient, buildUser } from '../../test/factories';
import { memberships, rolePermissions, roles } from '../db/schema/access';
import { sessions } from '../db/schema/auth';
import { auditLog } from '../db/schema/system';
import { users } from '../db/schema/users';

// Step-up: a sensitive route refuses a session whose second factor was proved more than a quarter of
// an hour ago with 403 SECOND_FACTOR_STEP_UP_REQUIRED and changes nothing; a code proves it again and
// the same call then goes through. A person without a second factor is never asked.

const hmacSha1: HmacSha1 = (key, message) => createHmac('sha1', key).update(message).digest();
let clock = Date.parse('2026-03-02T10:00:00Z');

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let merchant: Awaited<ReturnType<typeof buildClient>>;

beforeAll(async () => {
  ctx = await buildTestApp({}, { now: () => new Date(clock) });
  merchant = await buildClient(ctx.app.db);
});
afterAll(() => ctx.close());

function call(method: 'POST', url: string, cookie: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

function codeOf(secret: string): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('not base32');
  return totpCodeAt(key, clock, hmacSha1);
}

// A merchant user (every permission: the merchant does not restrict by role), or staff, and a
// session's cookie; with withApp, an authenticator app set up through the API.
async function merchantUser(withApp: boolean) {
  const user = await buildUser(ctx.app.db, { defaultClientId: merchant.id });
  await ctx.app.db.insert(memberships).values({ userId: user.id, clientId: merchant.id });
  return withSession(user, withApp);
}

async function staffUser() {
  return withSession(await buildUser(ctx.app.db, { defaultClientId: null, userType: 'admin' }), true);
}

async function withSession(user: Awaited<ReturnType<typeof buildUser>>, withApp: boolean) {
  const cookie = await sessionCookieFor(ctx.app.db, user.email);
  if (!withApp) return { user, cookie, secret: null };
  const start = await call('POST', '/api/second-factor/enrolment', cookie);
  expect(start.statusCode, start.body).toBe(200);
  const secret = String(start.json().message.secret);
  clock += 30_000;
  const confirm = await call('POST', '/api/second-factor/enrolment/confirm', cookie, {
    code: codeOf(secret),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  clock += 30_000;
  return { user, cookie, secret };
}

// The session's proof, moved back past the step-up window.
async function ageProof(cookie: string) {
  const row = await sessionRow(ctx.app.db, cookie);
  if (!row) throw new Error('no session');
  await ctx.app.db
    .update(sessions)
    .set({ secondFactorAt: sql`now() - interval '20 minutes'` })
    .where(eq(sessions.id, row.id));
}

describe('step-up for a sensitive action', () => {
  it('refuses the secret key to a stale proof, then answers it once a code proved it again', async () => {
    const { user, cookie, secret } = await merchantUser(true);
    if (!secret) throw new Error('no secret');
    await ageProof(cookie);

    const refused = await call('POST', '/api/user/apikeys/reveal', cookie, { client_id: merchant.id });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: SecondFactorErrorCode.StepUpRequired,
      message: SecondFactorText.StepUpRequired,
    });

    const wrong = await call('POST', '/api/second-factor/step-up', cookie, { code: '000000' });
    expect(wrong.statusCode).not.toBe(200);
    const proved = await call('POST', '/api/second-factor/step-up', cookie, { code: codeOf(secret) });
    expect(proved.statusCode, proved.body).toBe(200);

    const answered = await call('POST', '/api/user/apikeys/reveal', cookie, { client_id: merchant.id });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().message.apikey).toBe(merchant.apiKey);
    const steps = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'second_factor.step_up'), eq(auditLog.actorUserId, user.id)));
    expect(steps.length).toBeGreaterThan(0);
  });

  it('asks a stale proof again before a payout bank account changes', async () => {
    const { cookie } = await merchantUser(true);
    await ageProof(cookie);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/client/${merchant.id}`,
      headers: { cookie },
      payload: { meta: JSON.stringify({ id: merchant.id, routing_number: '011000015' }) },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe(SecondFactorErrorCode.StepUpRequired);
  });

  it('never asks a person who has no second factor', async () => {
    const { cookie } = await merchantUser(false);
    const res = await call('POST', '/api/user/apikeys/reveal', cookie, { client_id: merchant.id });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the sensitive actions', () => {
  it('are the routes that reveal secrets, load key material, start mimic and grant permissions', () => {
    const marked = ctx.app.routeCatalog
      .filter(({ access }) => access.kind === 'authenticated' && access.stepUp === 'required')
      .map(({ method, url }) => `${method} ${url}`);
    expect(marked.sort()).toEqual(
      [
        'POST /api/account/:clientid/reveal',
        'POST /api/user/apikeys/reveal',
        'POST /api/user/apikeys/roll',
        'POST /api/key-entry',
        'POST /api/key-entry/arn',
        'POST /api/remote-key-injection',
        'POST /api/loginlink',
        'PUT /api/rbac/:clientId/roles/:roleId/permissions',
        'POST /api/rbac/:clientId/roles/:roleId/permissions/:permission',
        'PATCH /api/rbac/:clientId/users/:userId',
      ].sort(),
    );
  });

  it('asks a stale staff proof again before key material is loaded, mimic starts or a permission is granted', async () => {
    const { cookie } = await staffUser();
    const target = await buildUser(ctx.app.db, { defaultClientId: merchant.id });
    const [role] = await ctx.app.db
      .insert(roles)
      .values({ clientId: merchant.id, name: 'Step-up Clerk' })
      .returning({ id: roles.id });
    if (!role) throw new Error('no role');
    await ageProof(cookie);
    const attempts = [
      call('POST', '/api/key-entry', cookie, { component: '0123456789ABCDEFFEDCBA9876543210' }),
      call('POST', '/api/loginlink', cookie, { email: target.email }),
      call('POST', `/api/rbac/${merchant.id}/roles/${role.id}/permissions/Reports`, cookie),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe(SecondFactorErrorCode.StepUpRequired);
    }
    const granted = await ctx.app.db
      .select()
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, role.id));
    expect(granted).toEqual([]);
  });

  it('asks it before a new user is given a role, and not for a user without one', async () => {
    const { cookie } = await staffUser();
    const [role] = await ctx.app.db
      .insert(roles)
      .values({ clientId: merchant.id, name: 'Step-up Owner' })
      .returning({ id: roles.id });
    if (!role) throw new Error('no role');
    await ageProof(cookie);
    const person = (email: string, roleId: string | null) => ({
      name: 'Robin Vale',
      email,
      user_type: 'user',
      label: null,
      locations: [],
      merchant_id: merchant.id,
      role: roleId,
      disabled: false,
    });
    const withRole = await call('POST', '/api/user', cookie, person('step-up.role@example.com', role.id));
    expect(withRole.statusCode, withRole.body).toBe(403);
    expect(withRole.json().error.code).toBe(SecondFactorErrorCode.StepUpRequired);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, 'step-up.role@example.com'))).toEqual(
      [],
    );
    const withoutRole = await call('POST', '/api/user', cookie, person('step-up.none@example.com', null));
    expect(withoutRole.statusCode, withoutRole.body).toBe(200);
  });
});
