import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import { apiKeysResponse } from '@portico/contracts/virtual-terminals/api-keys';
import {
  virtualTerminalUrlListResponse,
  virtualTerminalUrlSchema,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo, seedDemoAccounts } from '../../../test/demo-data';
import { buildUser } from '../../../test/factories';
import { memberships } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { virtualTerminalUrls } from '../../db/schema/terminals';
import { users } from '../../db/schema/users';
import { clientIdsAtOrBelow } from '../reporting/reporting.repository';

// Spec 2 §3 Merchant (apikeys) and Virtual terminal URL record, §7; spec 3 §6, §7.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
type Keys = { id: string; apiKey: string; publicKey: string };
let harbor: Keys;
let copper: Keys;
let summitId = '';
let noGrantsEmail = '';

async function keysOf(email: string): Promise<Keys> {
  const [row] = await ctx.app.db
    .select({ id: clients.id, apiKey: clients.apiKey, publicKey: clients.publicKey })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.defaultClientId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`${email} has no default client`);
  return row;
}

async function get(email: string, url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { cookie: await sessionCookieFor(ctx.app.db, email), ...headers },
  });
}

const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

async function apiKeysFor(email: string, query = '') {
  const res = await get(email, `/api/user/apikeys${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return apiKeysResponse.parse(res.json()).message;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  await seedDemoAccounts(ctx.database);
  harbor = await keysOf(demo.owner);
  copper = await keysOf(demo.copperOwner);
  summitId = (await keysOf(demo.reseller)).id;
  // A Harbor Lane member whose membership grants nothing (RBAC is on there).
  const bare = await buildUser(ctx.app.db, { defaultClientId: harbor.id });
  await ctx.app.db.insert(memberships).values({ userId: bare.id, clientId: harbor.id, roleId: null });
  noGrantsEmail = bare.email;
});
afterAll(() => ctx.close());

describe('GET /api/user/apikeys', () => {
  it("gives a merchant user its own merchant's keys and nobody else's", async () => {
    const owner = await apiKeysFor(demo.owner);
    expect(owner).toEqual([
      {
        id: harbor.id,
        name: expect.any(String),
        parent_id: expect.any(String),
        apikey: harbor.apiKey,
        public_key: harbor.publicKey,
      },
    ]);
    const copperOwner = await apiKeysFor(demo.copperOwner);
    expect(copperOwner.map((record) => record.id)).toEqual([copper.id]);
    expect(JSON.stringify(copperOwner)).not.toContain(harbor.apiKey);
  });

  it('follows the Virtual Terminal permission on RBAC merchants (a cashier has it, a bare member not)', async () => {
    expect((await apiKeysFor(demo.barista)).map((record) => record.id)).toEqual([harbor.id]);
    expect(await apiKeysFor(noGrantsEmail)).toEqual([]);
  });

  it('gives a parent only merchants of its hierarchy where its role allows the terminal', async () => {
    const below = new Set(await clientIdsAtOrBelow(ctx.app.db, [summitId]));
    const records = await apiKeysFor(demo.reseller);
    for (const record of records) expect(below.has(record.id), record.name).toBe(true);
    // Harbor Lane has RBAC on and Summit's Partner Admin role does not grant Virtual Terminal.
    expect(below.has(harbor.id)).toBe(true);
    expect(records.map((record) => record.id)).not.toContain(harbor.id);
  });

  it('gives admin every merchant account (no parents), and only the viewed client while viewing as', async () => {
    const all = await apiKeysFor(demo.admin);
    const merchants = await ctx.app.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.level, 'Merchant'))
      .orderBy(asc(clients.id));
    expect(all.map((record) => record.id).sort()).toEqual(merchants.map((row) => row.id).sort());
    const parents = await ctx.app.db
      .select({ id: clients.id })
      .from(clients)
      .where(ne(clients.level, 'Merchant'));
    expect(all.some((record) => parents.some((parent) => parent.id === record.id))).toBe(false);

    const viewing = await apiKeysFor(demo.admin, `?${VIEW_AS_QUERY_PARAM}=${copper.id}`);
    expect(viewing.map((record) => record.id)).toEqual([copper.id]);
  });

  it('refuses processor-audit users, healnow and anonymous callers', async () => {
    const audit = await get(demo.audit, '/api/user/apikeys');
    expect(audit.statusCode).toBe(403);
    expect(audit.body).not.toContain(harbor.apiKey);
    expect((await get(demo.healnow, '/api/user/apikeys')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/apikeys' })).statusCode).toBe(401);
  });
});

describe('GET /api/virtualterminalurl', () => {
  async function storedTerminals(clientId: string) {
    return ctx.app.db
      .select()
      .from(virtualTerminalUrls)
      .where(eq(virtualTerminalUrls.clientId, clientId))
      .orderBy(asc(virtualTerminalUrls.createdAt), asc(virtualTerminalUrls.id));
  }

  it('lists the terminals of the merchant whose key is the bearer, and one with ?id=', async () => {
    const stored = await storedTerminals(harbor.id);
    expect(stored.length).toBeGreaterThan(0);
    const res = await get(demo.owner, '/api/virtualterminalurl', bearer(harbor.apiKey));
    expect(res.statusCode, res.body).toBe(200);
    const list = virtualTerminalUrlListResponse.parse(res.json()).message;
    expect(list.map((terminal) => terminal.id)).toEqual(stored.map((row) => row.id));

    const first = stored[0];
    if (!first) throw new Error('no terminal');
    const one = await get(demo.barista, `/api/virtualterminalurl?id=${first.id}`, bearer(harbor.apiKey));
    expect(one.statusCode, one.body).toBe(200);
    expect(virtualTerminalUrlSchema.parse(one.json().message)).toEqual({
      id: first.id,
      name: first.name,
      url: first.url,
      is_active: first.isActive,
      customFields: first.customFields,
      url_id: first.urlId,
    });
  });

  it("answers 404 for another merchant's terminal named with this merchant's key", async () => {
    const [other] = await ctx.app.db
      .select({ id: virtualTerminalUrls.id })
      .from(virtualTerminalUrls)
      .where(and(ne(virtualTerminalUrls.clientId, harbor.id)))
      .limit(1);
    if (!other) throw new Error('no terminal of another merchant');
    const res = await get(demo.owner, `/api/virtualterminalurl?id=${other.id}`, bearer(harbor.apiKey));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'VIRTUAL_TERMINAL_NOT_FOUND', message: 'Terminal not found' });
  });

  it("needs the key (spec 2 §5 'API key is required') and refuses keys of merchants out of reach", async () => {
    const missing = await get(demo.owner, '/api/virtualterminalurl');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('API key is required');
    expect(
      (await get(demo.owner, '/api/virtualterminalurl', { authorization: 'Basic abc' })).statusCode,
    ).toBe(400);

    for (const key of [copper.apiKey, 'test-api-does-not-exist']) {
      const res = await get(demo.owner, '/api/virtualterminalurl', bearer(key));
      expect(res.statusCode, key).toBe(403);
      expect(res.body).not.toContain('responsive-iframe');
    }
    // The public key is not the API key.
    expect((await get(demo.owner, '/api/virtualterminalurl', bearer(harbor.publicKey))).statusCode).toBe(403);
  });

  it('needs Virtual Terminal on the merchant and a session; the key alone opens nothing', async () => {
    expect((await get(noGrantsEmail, '/api/virtualterminalurl', bearer(harbor.apiKey))).statusCode).toBe(403);
    expect((await get(demo.alpha, '/api/virtualterminalurl', bearer(harbor.apiKey))).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/virtualterminalurl',
      headers: bearer(harbor.apiKey),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(demo.admin, '/api/virtualterminalurl', bearer(harbor.apiKey))).statusCode).toBe(200);
  });
});
