import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import { paymentFramePath } from '@portico/contracts/payment-frame/params';
import {
  ApiKeysErrorCode,
  apiKeysResponse,
  revealSecretKeyResponse,
} from '@portico/contracts/virtual-terminals/api-keys';
import {
  patchVirtualTerminalResponse,
  saveVirtualTerminalResponse,
} from '@portico/contracts/virtual-terminals/terminal-configuration';
import {
  virtualTerminalUrlListResponse,
  virtualTerminalUrlSchema,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildUser, secretApiKeyOf } from '../../../test/factories';
import { clientIdsAtOrBelow } from '../../access/merchant-scope.repository';
import { memberships } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { virtualTerminalUrls } from '../../db/schema/terminals';
import { users } from '../../db/schema/users';
import { isPaymentFrameSignatureValid } from '../../lib/payment-frame-signature';

// The merchants' API keys and their virtual terminal URL records: who may read and write them, and how.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
type Keys = { id: string; apiKey: string; publicKey: string };
let harbor: Keys;
let copper: Keys;
let summitId = '';
let noGrantsEmail = '';

async function keysOf(email: string): Promise<Keys> {
  const [row] = await ctx.app.db
    .select({ id: clients.id, publicKey: clients.publicKey })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.defaultClientId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`${email} has no default client`);
  return { ...row, apiKey: await secretApiKeyOf(ctx.app.db, row.id) };
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
  ctx = await buildTestApp({}, { demoAccounts: true });
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
        apikey: `****${harbor.apiKey.slice(-4)}`,
        public_key: harbor.publicKey,
      },
    ]);
    const copperOwner = await apiKeysFor(demo.copperOwner);
    expect(copperOwner.map((record) => record.id)).toEqual([copper.id]);
    expect(JSON.stringify(copperOwner)).not.toContain(harbor.apiKey.slice(-4));
  });

  it('answers no secret key in full, to anyone', async () => {
    const records = await apiKeysFor(demo.admin);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      if (record.apikey !== null) expect(record.apikey).toMatch(/^\*{4}.{4}$/);
    }
    expect(JSON.stringify(records)).not.toContain(harbor.apiKey);
    expect(JSON.stringify(records)).not.toContain(copper.apiKey);
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

describe('POST /api/user/apikeys/reveal', () => {
  async function reveal(email: string, payload: object, query = '') {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/user/apikeys/reveal${query}`,
      headers: { cookie: await sessionCookieFor(ctx.app.db, email) },
      payload,
    });
  }

  it("answers the merchant's secret key in full to those who may read it, staff included", async () => {
    for (const email of [demo.owner, demo.admin]) {
      const res = await reveal(email, { client_id: harbor.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(revealSecretKeyResponse.parse(res.json()).message).toEqual({
        id: harbor.id,
        apikey: harbor.apiKey,
      });
    }
  });

  it('refuses a member without the permissions, another merchant, processor-audit users and a bad body', async () => {
    expect((await reveal(demo.barista, { client_id: harbor.id })).statusCode).toBe(403);
    expect((await reveal(noGrantsEmail, { client_id: harbor.id })).statusCode).toBe(403);
    expect((await reveal(demo.copperOwner, { client_id: harbor.id })).statusCode).toBe(403);
    expect(
      (await reveal(demo.admin, { client_id: harbor.id }, `?${VIEW_AS_QUERY_PARAM}=${copper.id}`)).statusCode,
    ).toBe(403);
    const audit = await reveal(demo.audit, { client_id: harbor.id });
    expect(audit.statusCode).toBe(403);
    expect(audit.body).not.toContain(harbor.apiKey);
    expect((await reveal(demo.owner, {})).statusCode).toBe(400);
    expect((await reveal(demo.owner, { client_id: 'not-a-uuid' })).statusCode).toBe(400);
  });

  it('answers 404 to staff for an account that is no merchant (a parent: no terminal, no key here)', async () => {
    const res = await reveal(demo.admin, { client_id: summitId });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.code).toBe(ApiKeysErrorCode.MerchantNotFound);
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
    const res = await get(demo.owner, '/api/virtualterminalurl', bearer(harbor.publicKey));
    expect(res.statusCode, res.body).toBe(200);
    const list = virtualTerminalUrlListResponse.parse(res.json()).message;
    expect(list.map((terminal) => terminal.id)).toEqual(stored.map((row) => row.id));

    const first = stored[0];
    if (!first) throw new Error('no terminal');
    const one = await get(demo.barista, `/api/virtualterminalurl?id=${first.id}`, bearer(harbor.publicKey));
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
    const res = await get(demo.owner, `/api/virtualterminalurl?id=${other.id}`, bearer(harbor.publicKey));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'VIRTUAL_TERMINAL_NOT_FOUND', message: 'Terminal not found' });
  });

  it("needs the key ('API key is required') and refuses keys of merchants out of reach", async () => {
    const missing = await get(demo.owner, '/api/virtualterminalurl');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('API key is required');
    expect(
      (await get(demo.owner, '/api/virtualterminalurl', { authorization: 'Basic abc' })).statusCode,
    ).toBe(400);

    for (const key of [copper.publicKey, 'test-api-does-not-exist']) {
      const res = await get(demo.owner, '/api/virtualterminalurl', bearer(key));
      expect(res.statusCode, key).toBe(403);
      expect(res.body).not.toContain('responsive-iframe');
    }
    // Addresses carry the publishable key only: the secret key is refused with a
    // clear message, and never answers terminals.
    const secret = await get(demo.owner, '/api/virtualterminalurl', bearer(harbor.apiKey));
    expect(secret.statusCode).toBe(400);
    expect(secret.json().error).toEqual({
      code: 'SECRET_KEY_IN_ADDRESS',
      message: 'A secret API key cannot be used in an address. Use the publishable key.',
    });
  });

  it('needs Virtual Terminal on the merchant and a session; the key alone opens nothing', async () => {
    const bare = await get(noGrantsEmail, '/api/virtualterminalurl', bearer(harbor.publicKey));
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.message).toBe('User does not have VIRTUAL_TERMINAL permission.');
    expect((await get(demo.alpha, '/api/virtualterminalurl', bearer(harbor.publicKey))).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/virtualterminalurl',
      headers: bearer(harbor.publicKey),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(demo.admin, '/api/virtualterminalurl', bearer(harbor.publicKey))).statusCode).toBe(200);
  });
});

describe('POST and PATCH /api/virtualterminalurl', () => {
  const frameUrl = (params: object) =>
    `https://pay.portico.example${paymentFramePath}?params=${Buffer.from(JSON.stringify(params)).toString('base64')}`;
  const body = (overrides: Record<string, unknown> = {}) => ({
    url: frameUrl({
      publishableKey: harbor.publicKey,
      paymentOptions: ['credit_card'],
      freeFormAmount: true,
    }),
    customFields: [
      { name: 'Room', type: 'dropdown', values: ['1', '2'], required: true, requireForGuest: true },
      { name: 'Note', type: 'text' },
    ],
    apikey: harbor.publicKey,
    name: 'Front counter',
    is_active: true,
    ...overrides,
  });

  async function send(
    email: string,
    method: 'POST' | 'PATCH',
    url: string,
    payload: object,
    key = harbor.publicKey,
  ) {
    return ctx.app.inject({
      method,
      url,
      headers: { cookie: await sessionCookieFor(ctx.app.db, email), ...bearer(key) },
      payload,
    });
  }

  async function storedTerminal(id: string) {
    const [row] = await ctx.app.db.select().from(virtualTerminalUrls).where(eq(virtualTerminalUrls.id, id));
    return row;
  }

  it('creates a terminal with a short code, stores the fields with required false and the frame path', async () => {
    const res = await send(demo.owner, 'POST', '/api/virtualterminalurl', body());
    expect(res.statusCode, res.body).toBe(200);
    const { id, url_id } = saveVirtualTerminalResponse.parse(res.json()).message;
    const row = await storedTerminal(id);
    expect(row).toMatchObject({
      clientId: harbor.id,
      name: 'Front counter',
      isActive: true,
      urlId: url_id,
      customFields: [
        { name: 'Room', type: 'dropdown', values: ['1', '2'], required: false, requireForGuest: true },
        { name: 'Note', type: 'text', values: [], required: false, requireForGuest: false },
      ],
    });
    // Kept as this portal's path whatever host the browser built it on, and signed by the server.
    const stored = new URL(row?.url ?? '', 'http://portal.invalid');
    expect(stored.pathname).toBe(paymentFramePath);
    const params = stored.searchParams.get('params') ?? '';
    expect(isPaymentFrameSignatureValid(ctx.app, params, stored.searchParams.get('sig') ?? undefined)).toBe(
      true,
    );
    expect(url_id).toMatch(/^[A-Za-z0-9_-]{11}$/);

    const updated = await send(
      demo.owner,
      'POST',
      '/api/virtualterminalurl',
      body({ id, name: 'Back counter' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toEqual({ id, url_id });
    expect((await storedTerminal(id))?.name).toBe('Back counter');
  });

  it('activates and deactivates a saved terminal', async () => {
    const created = await send(demo.owner, 'POST', '/api/virtualterminalurl', body());
    const { id } = saveVirtualTerminalResponse.parse(created.json()).message;
    const off = await send(demo.owner, 'PATCH', `/api/virtualterminalurl/${id}`, { is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(patchVirtualTerminalResponse.parse(off.json()).message).toEqual({ is_active: false });
    expect((await storedTerminal(id))?.isActive).toBe(false);
    const on = await send(demo.owner, 'PATCH', `/api/virtualterminalurl/${id}`, { is_active: true });
    expect(on.json().message).toEqual({ is_active: true });
  });

  it('refuses each broken custom-field rule with its text and stores nothing', async () => {
    const cases: [object[], string][] = [
      [[{ name: ' ', type: 'text' }], 'Field name cannot be blank'],
      [
        [
          { name: 'A', type: 'text' },
          { name: 'A', type: 'date' },
        ],
        'Duplicate field name found: A',
      ],
      [[{ name: 'A', type: 'radio', values: [] }], 'Field "A" of type "radio" must have at least one value'],
      [
        [{ name: 'A', type: 'dropdown', values: [''] }],
        'Invalid value in field "A". Values cannot be empty.',
      ],
      [[{ name: 'A', type: 'checkbox', values: ['x', 'x'] }], 'Duplicate value "x" found in field "A"'],
    ];
    const before = await ctx.app.db
      .select()
      .from(virtualTerminalUrls)
      .where(eq(virtualTerminalUrls.clientId, harbor.id));
    for (const [customFields, message] of cases) {
      const res = await send(
        demo.owner,
        'POST',
        '/api/virtualterminalurl',
        body({ customFields, name: 'Bad' }),
      );
      expect(res.statusCode, message).toBe(422);
      expect(res.json().error).toEqual({ code: 'VIRTUAL_TERMINAL_INVALID_CUSTOM_FIELDS', message });
    }
    const after = await ctx.app.db
      .select()
      .from(virtualTerminalUrls)
      .where(eq(virtualTerminalUrls.clientId, harbor.id));
    expect(after.length).toBe(before.length);
  });

  it('keeps bodies strict and the url on the payment frame', async () => {
    expect((await send(demo.owner, 'POST', '/api/virtualterminalurl', body({ extra: 1 }))).statusCode).toBe(
      400,
    );
    expect(
      (
        await send(
          demo.owner,
          'POST',
          '/api/virtualterminalurl',
          body({ customFields: [{ name: 'A', type: 'text', valid: true }] }),
        )
      ).statusCode,
    ).toBe(400);
    for (const url of [
      'https://evil.example/phish?params=e30=',
      `${paymentFramePath}?params=bm90IGpzb24=`,
      '/app/home',
    ]) {
      const res = await send(demo.owner, 'POST', '/api/virtualterminalurl', body({ url }));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VIRTUAL_TERMINAL_INVALID_URL');
    }
    const mismatch = await send(
      demo.owner,
      'POST',
      '/api/virtualterminalurl',
      body({ apikey: copper.publicKey }),
    );
    expect(mismatch.statusCode).toBe(400);
    const [terminal] = await ctx.app.db
      .select({ id: virtualTerminalUrls.id })
      .from(virtualTerminalUrls)
      .limit(1);
    expect(
      (
        await send(demo.owner, 'PATCH', `/api/virtualterminalurl/${terminal?.id}`, {
          is_active: false,
          name: 'x',
        })
      ).statusCode,
    ).toBe(400);
  });

  it("refuses a foreign merchant's key, another merchant's terminal, the secret key and callers without the permissions", async () => {
    // Copper Kettle's owner names Harbor Lane: out of reach.
    const foreign = await send(demo.copperOwner, 'POST', '/api/virtualterminalurl', body());
    expect(foreign.statusCode).toBe(403);
    const [copperTerminal] = await ctx.app.db
      .select({ id: virtualTerminalUrls.id })
      .from(virtualTerminalUrls)
      .where(eq(virtualTerminalUrls.clientId, copper.id))
      .limit(1);
    if (!copperTerminal) throw new Error('Copper Kettle has no terminal');
    // Harbor Lane's key with Copper Kettle's terminal id: not found, and unchanged.
    const crossed = await send(demo.owner, 'PATCH', `/api/virtualterminalurl/${copperTerminal.id}`, {
      is_active: false,
    });
    expect(crossed.statusCode).toBe(404);
    expect((await storedTerminal(copperTerminal.id))?.isActive).toBe(true);
    const overwrite = await send(
      demo.owner,
      'POST',
      '/api/virtualterminalurl',
      body({ id: copperTerminal.id }),
    );
    expect(overwrite.statusCode).toBe(404);

    const secret = await send(
      demo.owner,
      'POST',
      '/api/virtualterminalurl',
      body({ apikey: harbor.apiKey }),
      harbor.apiKey,
    );
    expect(secret.statusCode).toBe(400);
    expect(secret.json().error.code).toBe('SECRET_KEY_IN_ADDRESS');

    // The cashier holds Virtual Terminal but not Virtual Terminal Configuration.
    expect((await send(demo.barista, 'POST', '/api/virtualterminalurl', body())).statusCode).toBe(403);
    const bare = await send(noGrantsEmail, 'POST', '/api/virtualterminalurl', body());
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.message).toBe('User does not have VIRTUAL_TERMINAL permission.');
    expect((await send(demo.audit, 'POST', '/api/virtualterminalurl', body())).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/virtualterminalurl',
      headers: bearer(harbor.publicKey),
      payload: body(),
    });
    expect(anonymous.statusCode).toBe(401);
    const missingKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/virtualterminalurl',
      headers: { cookie: await sessionCookieFor(ctx.app.db, demo.owner) },
      payload: body(),
    });
    expect(missingKey.statusCode).toBe(400);
    expect(missingKey.json().error.message).toBe('API key is required');
  });
});
