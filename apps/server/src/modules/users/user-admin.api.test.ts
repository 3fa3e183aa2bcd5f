import { UserAdminText } from '@portico/contracts/access/user-admin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  clientIdNamed,
  latestMailedCode,
  outboxFor,
  sessionCookieFor,
} from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { memberships, roles, subEntities, userSubEntities } from '../../db/schema/access';
import { loginTokens, sessions } from '../../db/schema/auth';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';

// The Users page on the server: add with role and locations (welcome e-mail with a sign-in
// link), edit, lock and delete (sessions end at once), and the refusal of ids out of the caller's reach.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harbor: string;
let copper: string;
let cashier: string;
let manager: string;
let pearl: string;
let copperLocation: string;

function call(
  email: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  cookie?: string,
) {
  return callAs(ctx.app, email, method, url, payload, cookie);
}
function clientId(name: string) {
  return clientIdNamed(ctx.app.db, name);
}
async function roleId(client: string, name: string) {
  const [row] = await ctx.app.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.clientId, client), eq(roles.name, name)));
  if (!row) throw new Error(`No role ${name}`);
  return row.id;
}
async function userRow(email: string) {
  const [row] = await ctx.app.db.select().from(users).where(eq(users.email, email));
  return row;
}
async function openSessions(userId: string) {
  return ctx.app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
const newUser = (email: string) => ({
  name: 'Robin Vale',
  email,
  user_type: 'user',
  label: null,
  locations: [pearl],
  merchant_id: harbor,
  role: cashier,
  disabled: false,
});

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  harbor = await clientId('Harbor Lane Coffee Roasters');
  copper = await clientId('Copper Kettle Bistro');
  cashier = await roleId(harbor, 'Cashier');
  manager = await roleId(harbor, 'Manager');
  const locations = await ctx.app.db
    .select({ id: subEntities.id, name: subEntities.name, clientId: subEntities.clientId })
    .from(subEntities);
  pearl = locations.find((l) => l.name === 'Pearl District')?.id ?? '';
  copperLocation = locations.find((l) => l.clientId !== harbor)?.id ?? '';
});
afterAll(() => ctx.close());

describe('adding a user', () => {
  it('creates the user with membership, role and location, audits it and mails a sign-in link', async () => {
    const res = await call(demo.owner, 'POST', '/api/user', newUser('Robin.Vale@Example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      name: 'Robin Vale',
      email: 'robin.vale@example.com',
      default_client_id: harbor,
      memberships: [{ merchant: { id: harbor }, role: { id: cashier, name: 'Cashier' } }],
      locations: [{ id: pearl, name: 'Pearl District', merchant_id: harbor }],
    });
    const id: string = res.json().message.id;
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.targetId, id)));
    expect(audit?.actorEmail).toBe(demo.owner);

    await ctx.app.mail.idle();
    const [mail] = await outboxFor(ctx.app.db, 'robin.vale@example.com');
    expect(mail?.subject).toBe('Welcome to Portico');
    expect(mail?.bodyText).toContain('it works once and expires in 72 hours.');
    // The link lasts 72 hours: people open a welcome e-mail hours or a weekend later.
    const [link] = await ctx.app.db
      .select({
        minutes: sql<number>`round(extract(epoch from (${loginTokens.expiresAt} - ${loginTokens.createdAt})) / 60)`,
      })
      .from(loginTokens)
      .where(eq(loginTokens.email, 'robin.vale@example.com'));
    expect(Number(link?.minutes)).toBe(72 * 60);
    // The link signs the new user in.
    const token = await latestMailedCode(ctx.app.db, 'robin.vale@example.com');
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/auth',
      payload: { token, email: 'robin.vale@example.com' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a duplicate e-mail, a role or location of another merchant, and a foreign merchant', async () => {
    const duplicate = await call(demo.owner, 'POST', '/api/user', newUser(demo.barista));
    expect(duplicate.statusCode).toBe(409);
    const copperRole = await roleId(copper, 'Manager');
    const foreignRole = await call(demo.owner, 'POST', '/api/user', {
      ...newUser('a1@example.com'),
      role: copperRole,
    });
    expect(foreignRole.statusCode).toBe(404);
    const foreignLocation = await call(demo.owner, 'POST', '/api/user', {
      ...newUser('a2@example.com'),
      locations: [copperLocation],
    });
    expect(foreignLocation.statusCode).toBe(404);
    const foreignMerchant = await call(demo.owner, 'POST', '/api/user', {
      ...newUser('a3@example.com'),
      merchant_id: copper,
      role: null,
      locations: [],
    });
    expect(foreignMerchant.statusCode).toBe(403);
    // Alpha (Location Admin) manages users but may not hand out Owner, which grants more than it holds.
    const escalation = await call(demo.alpha, 'POST', '/api/user', {
      ...newUser('a5@example.com'),
      role: await roleId(harbor, 'Owner'),
    });
    expect(escalation.statusCode).toBe(403);
    expect(escalation.json().error.code).toBe('ROLE_EXCEEDS_CALLER');
    expect(await userRow('a5@example.com')).toBeUndefined();
    // The barista (Cashier) does not hold Users.
    const noUsers = await call(demo.barista, 'POST', '/api/user', newUser('a4@example.com'));
    expect(noUsers.statusCode).toBe(403);
    for (const email of ['a1@example.com', 'a2@example.com', 'a3@example.com', 'a4@example.com'])
      expect(await userRow(email)).toBeUndefined();
  });
});

describe('adding a user or contact from the account page (POST /api/user with client_id)', () => {
  const contact = (email: string, clientId: string = harbor) => ({
    name: 'Dana Okafor',
    email,
    phone: '503-555-0142',
    user_type: 'contact',
    client_id: clientId,
    label: 'Technology',
    is_locked_out: false,
  });
  async function membershipsOf(userId: string) {
    return ctx.app.db.select().from(memberships).where(eq(memberships.userId, userId));
  }
  async function deniedAuditsBy(email: string) {
    return ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.actorEmail, email)));
  }

  it('adds a contact for staff: on file, no membership, listed on the account, audited', async () => {
    const res = await call(demo.admin, 'POST', '/api/user', contact('Dana.Okafor@Example.com'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({
      name: 'Dana Okafor',
      email: 'dana.okafor@example.com',
      phone: '503-555-0142',
      user_type: 'contact',
      label: 'Technology',
      client_id: harbor,
      is_locked_out: false,
    });
    const row = await userRow('dana.okafor@example.com');
    if (!row) throw new Error('Dana missing');
    expect(await membershipsOf(row.id)).toEqual([]);
    const listed = await call(demo.admin, 'GET', `/api/client/users?id=${harbor}`);
    expect(listed.json().message.map((entry: [string]) => entry[0])).toContain(row.id);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.targetId, row.id)));
    expect(audit?.actorEmail).toBe(demo.admin);
  });

  it('lets a parent add a locked-out user to an account of its hierarchy, with the phone left out', async () => {
    const res = await call(demo.reseller, 'POST', '/api/user', {
      ...contact('lee.marsh@example.com'),
      name: 'Lee Marsh',
      phone: undefined,
      user_type: 'user',
      label: 'Manager',
      is_locked_out: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await userRow('lee.marsh@example.com');
    expect(row).toMatchObject({ userType: 'user', phone: null, isLockedOut: true, defaultClientId: harbor });
    expect((await membershipsOf(row?.id ?? '')).map((m) => m.clientId)).toEqual([harbor]);
  });

  it('refuses a parent an account outside its hierarchy (403) and writes nothing but the denial', async () => {
    const magnolia = await clientId('Magnolia Grill');
    const before = await deniedAuditsBy(demo.reseller);
    const res = await call(demo.reseller, 'POST', '/api/user', contact('x1@example.com', magnolia));
    expect(res.statusCode).toBe(403);
    expect(await userRow('x1@example.com')).toBeUndefined();
    expect((await deniedAuditsBy(demo.reseller)).length).toBe(before.length + 1);
  });

  it('refuses a merchant user, who has no Users & Contacts on the account page (403), and writes nothing', async () => {
    const res = await call(demo.owner, 'POST', '/api/user', contact('x2@example.com'));
    expect(res.statusCode).toBe(403);
    expect(await userRow('x2@example.com')).toBeUndefined();
  });

  it('answers staff 404 for an account that does not exist', async () => {
    const res = await call(
      demo.admin,
      'POST',
      '/api/user',
      contact('x3@example.com', '00000000-0000-4000-8000-00000000c404'),
    );
    expect(res.statusCode).toBe(404);
    expect(await userRow('x3@example.com')).toBeUndefined();
  });

  it('refuses unknown keys, a body mixing both shapes and a missing label (400), writing nothing', async () => {
    const bodies = [
      { ...contact('x4@example.com'), disabled: false },
      { ...contact('x4@example.com'), merchant_id: harbor, role: null },
      { ...contact('x4@example.com'), label: undefined },
      { ...newUser('x4@example.com'), phone: '503-555-0100' },
    ];
    for (const body of bodies) {
      const res = await call(demo.admin, 'POST', '/api/user', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await userRow('x4@example.com')).toBeUndefined();
  });

  it('refuses a duplicate e-mail (409)', async () => {
    const res = await call(demo.admin, 'POST', '/api/user', contact(demo.barista));
    expect(res.statusCode).toBe(409);
  });
});

describe('listing users', () => {
  it("answers the merchant's users with roles and locations, not staff, and refuses a foreign merchant", async () => {
    const res = await call(demo.owner, 'GET', `/api/client/my-users?merchant_id=${harbor}`);
    expect(res.statusCode).toBe(200);
    const list: { email: string; memberships: { role: { name: string } | null }[] }[] = res.json().message;
    expect(list.map((u) => u.email)).toEqual(
      expect.arrayContaining([demo.owner, demo.barista, 'robin.vale@example.com']),
    );
    expect(list.find((u) => u.email === demo.barista)?.memberships[0]?.role?.name).toBe('Cashier');
    expect(list.map((u) => u.email)).not.toContain(demo.admin);
    const own = await call(demo.owner, 'GET', '/api/client/my-users');
    expect(own.json().message.map((u: { email: string }) => u.email)).toContain(demo.barista);
    expect(
      (await call(demo.copperOwner, 'GET', `/api/client/my-users?merchant_id=${harbor}`)).statusCode,
    ).toBe(403);
  });
});

describe('searching users', () => {
  const emailsOf = (res: { json: () => { message: { email: string }[] } }) =>
    res.json().message.map((u) => u.email);

  it('finds staff a user at any merchant by every word of the name or e-mail, with all memberships', async () => {
    const res = await call(
      demo.admin,
      'GET',
      `/api/client/my-users?search=${encodeURIComponent('  OWNER copperkettle ')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(emailsOf(res)).toEqual([demo.copperOwner]);
    const both = emailsOf(await call(demo.admin, 'GET', '/api/client/my-users?search=owner'));
    expect(both).toEqual(expect.arrayContaining([demo.owner, demo.copperOwner]));
    expect(both).not.toContain(demo.admin);
    const found = (await call(demo.admin, 'GET', '/api/client/my-users?search=barista')).json().message;
    expect(
      found.map((u: { memberships: { merchant: { name: string }; role: { name: string } | null }[] }) =>
        u.memberships.map((m) => `${m.merchant.name}: ${m.role?.name}`),
      ),
    ).toEqual([['Harbor Lane Coffee Roasters: Cashier']]);
  });

  it("keeps everyone else's search within the merchants they manage", async () => {
    expect(emailsOf(await call(demo.owner, 'GET', '/api/client/my-users?search=owner'))).toEqual([
      demo.owner,
    ]);
    expect(
      emailsOf(
        await call(demo.owner, 'GET', `/api/client/my-users?merchant_id=${harbor}&search=copperkettle`),
      ),
    ).toEqual([]);
  });

  it('matches typed wildcards as themselves, and refuses a search over 100 characters', async () => {
    expect(emailsOf(await call(demo.admin, 'GET', '/api/client/my-users?search=%25'))).toEqual([]);
    expect(emailsOf(await call(demo.admin, 'GET', '/api/client/my-users?search=_'))).toEqual([]);
    const long = await call(demo.admin, 'GET', `/api/client/my-users?search=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(UserAdminText.SearchTooLong);
  });
});

describe('editing a user', () => {
  it('changes role and locations, audits the role change, and refuses foreign ids', async () => {
    const robin = await userRow('robin.vale@example.com');
    if (!robin) throw new Error('Robin missing');
    const edit = {
      id: robin.id,
      name: 'Robin Q. Vale',
      email: 'robin.vale@example.com',
      memberships: [{ merchant_id: harbor, role: manager }],
      default_client_id: harbor,
      locations: [],
    };
    const res = await call(demo.owner, 'PATCH', '/api/user/update', edit);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      name: 'Robin Q. Vale',
      locations: [],
      memberships: [{ role: { name: 'Manager' } }],
    });
    const changes = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role_change'), eq(auditLog.targetId, robin.id)));
    expect(changes.map((c) => c.details)).toEqual([{ from_role_id: cashier, role_id: manager }]);

    // Copper Kettle's owner may not touch a Harbor Lane user: 404, nothing changed.
    const foreign = await call(demo.copperOwner, 'PATCH', '/api/user/update', { ...edit, name: 'Hijacked' });
    expect(foreign.statusCode).toBe(404);
    // Nor may Harbor Lane's owner move Robin into Copper Kettle.
    const outside = await call(demo.owner, 'PATCH', '/api/user/update', {
      ...edit,
      memberships: [{ merchant_id: copper, role: null }],
      default_client_id: copper,
    });
    expect(outside.statusCode).toBe(403);
    const staff = await userRow(demo.admin);
    const onStaff = await call(demo.owner, 'PATCH', '/api/user/update', { ...edit, id: staff?.id });
    expect(onStaff.statusCode).toBe(404);
    expect((await userRow('robin.vale@example.com'))?.name).toBe('Robin Q. Vale');
    const [membership] = await ctx.app.db.select().from(memberships).where(eq(memberships.userId, robin.id));
    expect(membership?.clientId).toBe(harbor);
  });

  it('ends the sessions of a locked user at once', async () => {
    const robin = await userRow('robin.vale@example.com');
    if (!robin) throw new Error('Robin missing');
    const robinCookie = await sessionCookieFor(ctx.app.db, 'robin.vale@example.com');
    expect((await call('', 'GET', '/api/user', undefined, robinCookie)).statusCode).toBe(200);
    const lock = await call(demo.owner, 'PATCH', '/api/user/update', {
      id: robin.id,
      name: robin.name,
      email: robin.email,
      memberships: [{ merchant_id: harbor, role: manager }],
      default_client_id: harbor,
      locations: [],
      is_locked_out: true,
    });
    expect(lock.statusCode).toBe(200);
    expect(await openSessions(robin.id)).toEqual([]);
    expect((await call('', 'GET', '/api/user', undefined, robinCookie)).statusCode).toBe(401);
  });
});

describe('deleting a user', () => {
  it('refuses a foreign user and oneself, deletes with sessions, and audits', async () => {
    const robin = await userRow('robin.vale@example.com');
    const owner = await userRow(demo.owner);
    if (!robin || !owner) throw new Error('users missing');
    expect((await call(demo.copperOwner, 'DELETE', `/api/user/delete?id=${robin.id}`)).statusCode).toBe(404);
    expect((await call(demo.owner, 'DELETE', `/api/user/delete?id=${owner.id}`)).statusCode).toBe(422);
    const res = await call(demo.owner, 'DELETE', `/api/user/delete?id=${robin.id}`);
    expect(res.statusCode).toBe(200);
    expect(await userRow('robin.vale@example.com')).toBeUndefined();
    expect(await openSessions(robin.id)).toEqual([]);
    const locations = await ctx.app.db
      .select()
      .from(userSubEntities)
      .where(eq(userSubEntities.userId, robin.id));
    expect(locations).toEqual([]);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.targetId, robin.id)));
    expect(audit?.details).toMatchObject({ email: 'robin.vale@example.com' });
  });

  it('keeps GET /api/user answering the signed-in user', async () => {
    const res = await call(demo.owner, 'GET', '/api/user');
    expect(res.json().message.email).toBe(demo.owner);
  });
});
