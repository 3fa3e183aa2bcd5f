import { permissionNames } from '@portico/contracts/access/permission-names';
import { sessionUserSchema } from '@portico/contracts/access/session-user';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema/clients';
import { auditLog } from '../src/db/schema/system';
import { gridConfigs, users } from '../src/db/schema/users';
import { type ClientKey, merchantSpecs, parentSpecs, primaryClient } from '../src/db/seed/demo-catalog';
import { accessFixtureRoutes } from './access-fixture-routes';
import { sessionCookieFor } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { demo } from './demo-data';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const cookies = new Map<string, string>();
const clientIds = new Map<string, string>();

async function as(email: string) {
  let cookie = cookies.get(email);
  if (!cookie) {
    cookie = await sessionCookieFor(ctx.app.db, email);
    cookies.set(email, cookie);
  }
  return { cookie };
}

async function get(email: string | null, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: email ? await as(email) : {} });
}

// Demo clients by catalog key.
function clientId(key: ClientKey): string {
  const name = nameOf(key);
  const id = clientIds.get(name);
  if (!id) throw new Error(`No client ${name}`);
  return id;
}

function nameOf(key: ClientKey): string {
  if (key === 'primary') return primaryClient.name;
  const parent = parentSpecs.find((spec) => spec.key === key);
  const merchant = merchantSpecs.find((spec) => spec.key === key);
  const name = parent?.name ?? merchant?.dba;
  if (!name) throw new Error(`No demo client ${key}`);
  return name;
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true, extraRoutes: [accessFixtureRoutes] });
  const rows = await ctx.app.db.select({ id: clients.id, name: clients.name }).from(clients);
  for (const row of rows) clientIds.set(row.name, row.id);
});
afterAll(() => ctx.close());

describe('GET /api/user', () => {
  it('answers 401 without a session', async () => {
    const res = await get(null, '/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: false,
      error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue' },
      requestId: expect.any(String),
    });
  });

  it('describes a merchant owner on an RBAC-enabled merchant', async () => {
    const res = await get(demo.owner, '/api/user');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    const user = sessionUserSchema.parse(body.message);
    const harbor = clientId('harbor-lane-coffee');
    expect(user).toMatchObject({
      email: demo.owner,
      name: 'Sam Rivera',
      user_type: 'user',
      parent_id: clientId('summit'),
      parent_name: nameOf('summit'),
      processor_audit_user: false,
      is_demo_user: false,
      is_parent_member: false,
      account: {
        default_client: {
          id: harbor,
          is_in_certification: false,
          merchant: {
            name: nameOf('harbor-lane-coffee'),
            level: 'Merchant',
            is_enrolled_as_crypto_only: false,
            is_frozen: false,
            configuration: {
              customizations: { rbac_enabled: true },
              has_patient_information_in_vault: false,
            },
          },
        },
        hierarchy_list: [],
      },
    });
    expect(user.parent_logo).toMatch(/^data:image\/png;base64,/);
    expect(user.account.memberships).toHaveLength(1);
    const [membership] = user.account.memberships;
    expect(membership?.merchant).toEqual({ id: harbor, name: nameOf('harbor-lane-coffee') });
    expect(membership?.role?.granted_permissions.map((p) => p.name).sort()).toEqual(
      [...permissionNames].sort(),
    );
    expect(body.message.timezone).toEqual(expect.any(String));
    expect(body.message.account.memberships[0].role.name).toBe('Owner');
  });

  it('lists the cashier grants only', async () => {
    const res = await get(demo.barista, '/api/user');
    const grants = res
      .json()
      .message.account.memberships[0].role.granted_permissions.map((p: { name: string }) => p.name);
    expect(grants.sort()).toEqual(
      [
        'Cash',
        'Charge',
        'Google Pay',
        'Reports',
        'Swipe',
        'Terminals',
        'Transaction Apple Pay',
        'Virtual Terminal',
      ].sort(),
    );
  });

  it('marks a reseller as parent member with the merchants below the parent', async () => {
    const res = await get(demo.reseller, '/api/user');
    const user = sessionUserSchema.parse(res.json().message);
    expect(user.is_parent_member).toBe(true);
    expect(user.parent_id).toBe(clientId('summit'));
    const names = user.account.hierarchy_list.map((m) => m.name);
    expect(names).toContain(nameOf('harbor-lane-coffee'));
    expect(names).toContain(nameOf('copper-kettle-bistro'));
    expect(names).not.toContain(nameOf('magnolia-grill'));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const merchant of user.account.hierarchy_list) expect(merchant.parent_id).not.toBeNull();
  });

  it('shows the white-label brand name of a partner parent', async () => {
    const res = await get(demo.dental, '/api/user');
    const user = sessionUserSchema.parse(res.json().message);
    expect(user.parent_name).toBe('HealNow');
    expect(user.account.default_client?.merchant.configuration.has_patient_information_in_vault).toBe(true);
  });

  it('gives staff the whole tree below the primary client', async () => {
    const res = await get(demo.admin, '/api/user');
    const user = sessionUserSchema.parse(res.json().message);
    expect(user.user_type).toBe('admin');
    expect(user.account.default_client?.id).toBe(primaryClient.id);
    const [row] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(clients);
    // Every client except the root itself.
    expect(user.account.hierarchy_list).toHaveLength(Number(row?.n) - 1);
  });

  it('flags processor-audit and demo users', async () => {
    const audit = sessionUserSchema.parse((await get(demo.audit, '/api/user')).json().message);
    expect(audit.processor_audit_user).toBe(true);
    const demoUser = sessionUserSchema.parse(
      (await get('demo@northwindbox.example', '/api/user')).json().message,
    );
    expect(demoUser.is_demo_user).toBe(true);
  });

  it('assembles user_customizations.grid_config from the saved layouts', async () => {
    const [owner] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, demo.owner));
    if (!owner) throw new Error('no owner');
    await ctx.app.db
      .insert(gridConfigs)
      .values({ userId: owner.id, key: 'reporting___Month end', layout: { version: 'v2', columns: [] } })
      .onConflictDoNothing();
    const user = sessionUserSchema.parse((await get(demo.owner, '/api/user')).json().message);
    expect(user.user_customizations.grid_config['reporting___Month end']).toEqual({
      version: 'v2',
      columns: [],
    });
  });
});

describe('GET /api/rbac/{clientId}/permissions', () => {
  const url = (name: ClientKey) => `/api/rbac/${clientId(name)}/permissions`;
  const names = (res: { json(): { message: { name: string }[] } }) => res.json().message.map((p) => p.name);

  it('lists what the role grants on an RBAC merchant', async () => {
    const res = await get(demo.barista, url('harbor-lane-coffee'));
    expect(res.statusCode).toBe(200);
    expect(names(res)).toContain('Charge');
    expect(names(res)).not.toContain('Refund');
  });

  it('lists every permission where RBAC is off', async () => {
    const res = await get(demo.copperOwner, url('copper-kettle-bistro'));
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual([...permissionNames]);
  });

  it('lists every permission for admin staff', async () => {
    const res = await get(demo.admin, url('harbor-lane-coffee'));
    expect(names(res)).toEqual([...permissionNames]);
  });

  it('reaches a child merchant through the parent membership', async () => {
    const res = await get(demo.reseller, url('harbor-lane-coffee'));
    expect(res.statusCode).toBe(200);
    // Harbor Lane has RBAC on: the reseller's Partner Admin role on Summit governs.
    expect(names(res).sort()).toEqual(
      [
        'Developers',
        'Disputes',
        'Documents',
        'Merchant Accounts',
        'Payouts',
        'Permissions',
        'Reports',
        'Users',
      ].sort(),
    );
  });

  it('answers 403 for a merchant out of reach and audits it', async () => {
    const res = await get(demo.copperOwner, url('harbor-lane-coffee'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: false,
      error: { code: 'FORBIDDEN', message: 'You do not have access to this merchant' },
      requestId: expect.any(String),
    });
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.actorEmail, demo.copperOwner)));
    expect(entry).toMatchObject({ outcome: 'denied', clientId: clientId('harbor-lane-coffee') });
    expect(entry?.details).toMatchObject({ reason: 'merchant' });
  });

  it('answers 403 to a non-staff user for a merchant that does not exist, 404 to staff', async () => {
    const missing = '3f0c1f7e-8d1c-4f7a-9b1e-2c3d4e5f6a7b';
    expect((await get(demo.owner, `/api/rbac/${missing}/permissions`)).statusCode).toBe(403);
    const res = await get(demo.admin, `/api/rbac/${missing}/permissions`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'MERCHANT_NOT_FOUND', message: 'Merchant not found' });
  });

  it('answers 400 for a malformed id', async () => {
    expect((await get(demo.owner, '/api/rbac/not-a-uuid/permissions')).statusCode).toBe(400);
  });
});

describe('GET /api/client/my-clients', () => {
  it('lists the hierarchy first, then the memberships', async () => {
    const res = await get(demo.reseller, '/api/client/my-clients');
    expect(res.statusCode).toBe(200);
    const list: {
      id: string;
      name: string;
      level: string;
      parent_id: string | null;
      dba_name: string | null;
    }[] = res.json().message;
    expect(list.at(-1)).toMatchObject({ name: nameOf('summit'), level: 'Parent' });
    expect(list.slice(0, -1).every((client) => client.parent_id !== null)).toBe(true);
    expect(list.map((c) => c.name)).toContain(nameOf('harbor-lane-coffee'));
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['dba_name', 'id', 'level', 'name', 'parent_id']);
  });

  it("lists a merchant user's own merchants only", async () => {
    const res = await get(demo.agent, '/api/client/my-clients');
    expect(res.json().message.map((c: { name: string }) => c.name)).toEqual(
      [nameOf('bayou-bistro'), nameOf('magnolia-grill')].sort(),
    );
  });

  it('lists every client for staff', async () => {
    const res = await get(demo.admin, '/api/client/my-clients');
    const [row] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(clients);
    expect(res.json().message).toHaveLength(Number(row?.n));
  });
});

describe('per-merchant enforcement', () => {
  const refunds = (name: ClientKey) => `/api/test/merchants/${clientId(name)}/refunds`;

  it('lets a role that grants the permission through', async () => {
    const res = await get(demo.owner, refunds('harbor-lane-coffee'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(clientId('harbor-lane-coffee'));
  });

  it('refuses a role that does not grant it when RBAC is on', async () => {
    const res = await get(demo.barista, refunds('harbor-lane-coffee'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to do this' });
  });

  it('passes on role rules alone when RBAC is off', async () => {
    expect((await get(demo.copperOwner, refunds('copper-kettle-bistro'))).statusCode).toBe(200);
  });

  it('refuses a merchant of somebody else', async () => {
    const res = await get(demo.copperOwner, refunds('harbor-lane-coffee'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You do not have access to this merchant');
  });

  it('lets admin staff through anywhere', async () => {
    expect((await get(demo.admin, refunds('harbor-lane-coffee'))).statusCode).toBe(200);
  });

  it('refuses a role not listed on the route before anything else', async () => {
    const res = await get(demo.alpha, refunds('harbor-lane-coffee'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You are not allowed to do this');
  });

  it('reads the merchant from the body after validation', async () => {
    const post = async (email: string, name: ClientKey) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/test/merchant-notes',
        headers: await as(email),
        payload: { client_id: clientId(name), text: 'hello' },
      });
    expect((await post(demo.alpha, 'harbor-lane-coffee')).statusCode).toBe(200);
    expect((await post(demo.alpha, 'copper-kettle-bistro')).statusCode).toBe(403);
  });

  it('checks a permission without a merchant against every membership (hasPermission)', async () => {
    expect((await get(demo.alpha, '/api/test/permissions-page')).statusCode).toBe(200);
    expect((await get(demo.barista, '/api/test/permissions-page')).statusCode).toBe(403);
    // RBAC off on the default merchant: role rules only.
    expect((await get(demo.copperOwner, '/api/test/permissions-page')).statusCode).toBe(200);
  });
});

describe('timezone', () => {
  it('answers the list of offered timezones as pairs', async () => {
    const res = await get(demo.owner, '/api/timezones');
    expect(res.statusCode).toBe(200);
    const pairs: [string, string][] = res.json().message;
    expect(pairs[0]).toEqual(['America/New_York', 'Eastern Time (US & Canada)']);
    expect(pairs).toContainEqual(['UTC', 'Coordinated Universal Time (UTC)']);
    expect(pairs).toHaveLength(9);
  });

  it("answers and changes the user's timezone", async () => {
    const cookie = await sessionCookieFor(ctx.app.db, demo.copperOwner);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/timezone',
      headers: { cookie },
      payload: { timezone: 'Pacific/Honolulu' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ status: true, message: [['Pacific/Honolulu', 'Hawaii']] });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/timezone', headers: { cookie } });
    expect(res.json()).toEqual({ status: true, message: [['Pacific/Honolulu', 'Hawaii']] });
  });

  it('refuses a timezone the settings do not offer, and unknown keys', async () => {
    const headers = await as(demo.owner);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/timezone',
      headers,
      payload: { timezone: 'Europe/Atlantis' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({
      code: 'TIMEZONE_NOT_OFFERED',
      message: 'Timezone is not one of the offered timezones',
    });
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/timezone',
      headers,
      payload: { timezone: 'UTC', user_id: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('needs a session', async () => {
    expect((await get(null, '/api/timezones')).statusCode).toBe(401);
    expect((await get(null, '/api/timezone')).statusCode).toBe(401);
  });
});

describe('GET /api/logo', () => {
  it("answers the parent's stored logo", async () => {
    const res = await get(demo.owner, '/api/logo');
    expect(res.statusCode).toBe(200);
    const user = (await get(demo.owner, '/api/user')).json().message;
    expect(`data:image/png;base64,${res.json().message}`).toBe(user.parent_logo);
  });

  it('answers the Portico logo when the parent has none', async () => {
    await ctx.app.db
      .update(clients)
      .set({ logoStorageKey: null })
      .where(eq(clients.id, clientId('blueriver')));
    const res = await get(demo.agent, '/api/logo');
    expect(res.statusCode).toBe(200);
    const png = Buffer.from(res.json().message, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(64);
    expect((await get(demo.agent, '/api/user')).json().message.parent_logo).toBeNull();
  });
});
