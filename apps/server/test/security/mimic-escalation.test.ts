import { MimicErrorCode, MimicErrorText, mimicLinkTokenKey } from '@portico/contracts/access/mimic';
import { RbacErrorText } from '@portico/contracts/access/rbac-admin';
import { sessionCookieName } from '@portico/contracts/auth/session';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, rolePermissions, roles } from '../../src/db/schema/access';
import { loginTokens } from '../../src/db/schema/auth';
import { auditLog } from '../../src/db/schema/system';
import { users } from '../../src/db/schema/users';
import { cookiePair, defaultClientOf, sessionCookieFor, setCookieHeader } from '../auth-helpers';
import { buildTestApp } from '../build-test-app';
import { demo } from '../demo-data';
import { buildUser } from '../factories';

// A mimic session never holds more than the person behind it: a user who holds more than the caller
// cannot be mimicked, and a session whose mimicked user holds more than the person behind it (rights
// changed while it was open) may do only what both may do: no reveal, no role or permission beyond
// the person behind, no Owner user.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harbor: string;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
});
afterAll(() => ctx.close());

async function userId(email: string): Promise<string> {
  const [row] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
}

async function roleId(name: string): Promise<string> {
  const [row] = await ctx.app.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.clientId, harbor), eq(roles.name, name)));
  if (!row) throw new Error(`No role ${name}`);
  return row.id;
}

async function roleOf(email: string): Promise<string | null | undefined> {
  const [row] = await ctx.app.db
    .select({ roleId: memberships.roleId })
    .from(memberships)
    .where(and(eq(memberships.userId, await userId(email)), eq(memberships.clientId, harbor)));
  return row?.roleId;
}

async function setRole(email: string, role: string) {
  await ctx.app.db
    .update(memberships)
    .set({ roleId: await roleId(role) })
    .where(and(eq(memberships.userId, await userId(email)), eq(memberships.clientId, harbor)));
}

// A Harbor Lane user of the given type holding one role there.
async function harborUser(email: string, userType: 'user' | 'alpha', role: string) {
  const user = await buildUser(ctx.app.db, { email, userType, defaultClientId: harbor });
  await ctx.app.db
    .insert(memberships)
    .values({ userId: user.id, clientId: harbor, roleId: await roleId(role) });
}

async function post(cookie: string, url: string, payload?: object) {
  return ctx.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

// The caller asks for a link to the user and redeems it: the mimic session's cookie.
async function mimic(callerEmail: string, userEmail: string): Promise<string> {
  const callerCookie = await sessionCookieFor(ctx.app.db, callerEmail);
  const link = await post(callerCookie, '/api/loginlink', { email: userEmail });
  expect(link.statusCode, link.body).toBe(200);
  const token = new URL(link.json().message).hash.slice(`#${mimicLinkTokenKey}=`.length);
  const opened = await post(callerCookie, '/api/mimic/session', { token });
  expect(opened.statusCode, opened.body).toBe(200);
  return cookiePair(setCookieHeader(opened.headers, sessionCookieName));
}

const newUser = (email: string, role: string) => ({
  name: 'Robin Vale',
  email,
  user_type: 'user',
  label: null,
  locations: [],
  merchant_id: harbor,
  role,
  disabled: false,
});

describe('who may be mimicked', () => {
  it('refuses the alpha user a link to the owner, who holds more on the merchant, and audits it', async () => {
    const alpha = await sessionCookieFor(ctx.app.db, demo.alpha);
    const res = await post(alpha, '/api/loginlink', { email: demo.owner });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: MimicErrorCode.TargetExceedsCaller,
      message: MimicErrorText.TargetExceedsCaller,
    });
    const links = await ctx.app.db
      .select({ id: loginTokens.id })
      .from(loginTokens)
      .where(
        and(eq(loginTokens.purpose, 'mimic'), eq(loginTokens.requestedByUserId, await userId(demo.alpha))),
      );
    expect(links).toEqual([]);
    const denials = await ctx.app.db
      .select({ target: auditLog.targetId, clientId: auditLog.clientId, details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.actorUserId, await userId(demo.alpha))),
      );
    expect(denials).toContainEqual({
      target: 'POST /api/loginlink',
      clientId: harbor,
      details: { reason: 'permission', role: 'alpha' },
    });
  });

  it('refuses a parent a link to a merchant user holding permissions it lacks there', async () => {
    // Summit's Partner Admin holds no Charge or Virtual Terminal at Harbor Lane; the cashier does.
    const reseller = await sessionCookieFor(ctx.app.db, demo.reseller);
    const res = await post(reseller, '/api/loginlink', { email: demo.barista });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(MimicErrorCode.TargetExceedsCaller);
  });

  it('still lets the alpha user mimic a user holding no more than it, and staff anyone', async () => {
    await harborUser('peer@harborlanecoffee.example', 'user', 'Location Admin');
    await mimic(demo.alpha, 'peer@harborlanecoffee.example');
    await mimic(demo.admin, demo.owner);
  });
});

describe('a mimic session whose user holds more than the person behind it', () => {
  it('refuses Owner users, the Owner role and permissions beyond the person behind, and changes nothing', async () => {
    const colleague = 'colleague@harborlanecoffee.example';
    await harborUser(colleague, 'user', 'Location Admin');
    const cookie = await mimic(demo.alpha, colleague);
    // Promoted while the alpha user mimics them.
    await setRole(colleague, 'Owner');

    const owner = await roleId('Owner');
    const created = await post(cookie, '/api/user', newUser('robin.vale@example.com', owner));
    expect(created.statusCode).toBe(403);
    expect(created.json().error.code).toBe('ROLE_EXCEEDS_CALLER');
    expect(await ctx.app.db.select().from(users).where(eq(users.email, 'robin.vale@example.com'))).toEqual(
      [],
    );

    // The person behind giving themselves the Owner role through the session.
    const alpha = await userId(demo.alpha);
    const promoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/rbac/${harbor}/users/${alpha}`,
      headers: { cookie },
      payload: { role: owner },
    });
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json().error).toEqual({
      code: 'ROLE_EXCEEDS_CALLER',
      message: RbacErrorText.RoleExceedsCaller,
    });
    expect(await roleOf(demo.alpha)).toBe(await roleId('Location Admin'));

    // Refund is the mimicked user's, not the alpha user's: it cannot be handed out.
    const locationAdmin = await roleId('Location Admin');
    const granted = await post(cookie, `/api/rbac/${harbor}/roles/${locationAdmin}/permissions/Refund`);
    expect(granted.statusCode).toBeGreaterThanOrEqual(400);
    const held = await ctx.app.db
      .select({ name: rolePermissions.permissionName })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, locationAdmin));
    expect(held.map((row) => row.name)).not.toContain('Refund');

    // A route that needs Payouts, which only the mimicked user holds.
    const payouts = await ctx.app.inject({
      method: 'GET',
      url: `/api/rbac/${harbor}/permissions`,
      headers: { cookie },
    });
    expect(payouts.statusCode).toBe(200);
    expect(payouts.json().message.map((p: { name: string }) => p.name)).not.toContain('Payouts');
  });

  it('refuses a reveal of the bank account number once the person behind lost Permissions', async () => {
    const mimicker = 'alpha2@harborlanecoffee.example';
    const colleague = 'colleague2@harborlanecoffee.example';
    await harborUser(mimicker, 'alpha', 'Location Admin');
    await harborUser(colleague, 'user', 'Location Admin');
    const cookie = await mimic(mimicker, colleague);
    await setRole(mimicker, 'Cashier');

    const reveal = await post(cookie, `/api/account/${harbor}/reveal`, { field: 'account_number' });
    expect(reveal.statusCode).toBe(403);
    const reveals = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reveal'), eq(auditLog.actorUserId, await userId(colleague))));
    expect(reveals).toEqual([]);
    const created = await post(cookie, '/api/user', newUser('casey.lo@example.com', await roleId('Cashier')));
    expect(created.statusCode).toBe(403);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, 'casey.lo@example.com'))).toEqual([]);

    // Every refused change still names both people.
    const entries = await ctx.app.db
      .select({ actor: auditLog.actorUserId, behalf: auditLog.onBehalfOfUserId, target: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.action, 'mimic.action'));
    expect(entries).toContainEqual({
      actor: await userId(colleague),
      behalf: await userId(mimicker),
      target: 'POST /api/account/:clientid/reveal',
    });
  });
});
