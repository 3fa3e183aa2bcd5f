import { paymentFrameAddress } from '@portico/contracts/payment-frame/params';
import {
  linkConfigResponse,
  linkTerminalsResponse,
  openTerminals,
  publishableKeyResponse,
  signLinkResponse,
} from '@portico/contracts/payment-links/payment-links';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { secretApiKeyOf } from '../../../test/factories';
import { clientConfigs, clients } from '../../db/schema/clients';
import { terminals } from '../../db/schema/terminals';
import { users } from '../../db/schema/users';
import { isPaymentFrameSignatureValid } from '../../lib/payment-frame-signature';

// The payment link builder's calls: GET api/terminal, api/apikeys/publishable-key, /api/client/link-config.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
type Keys = { id: string; apiKey: string; publicKey: string; parentId: string | null };
let harbor: Keys;
let copper: Keys;

async function keysOf(email: string): Promise<Keys> {
  const [row] = await ctx.app.db
    .select({
      id: clients.id,
      publicKey: clients.publicKey,
      parentId: clients.parentId,
    })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.defaultClientId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`${email} has no default client`);
  return { ...row, apiKey: await secretApiKeyOf(ctx.app.db, row.id) };
}

const get = (url: string, key?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  });

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  harbor = await keysOf(demo.owner);
  copper = await keysOf(demo.copperOwner);
});
afterAll(() => ctx.close());

describe('GET /api/apikeys/publishable-key', () => {
  it('answers the publishable key for the secret key and for the publishable key itself, without a session', async () => {
    const fromSecret = await get('/api/apikeys/publishable-key', harbor.apiKey);
    expect(fromSecret.statusCode, fromSecret.body).toBe(200);
    expect(publishableKeyResponse.parse(fromSecret.json()).message).toEqual({
      publishable_key: harbor.publicKey,
      is_secret_key: true,
    });
    const fromPublic = await get('/api/apikeys/publishable-key', harbor.publicKey);
    expect(fromPublic.json().message).toEqual({ publishable_key: harbor.publicKey, is_secret_key: false });
    // Never the secret key back.
    expect(fromPublic.body).not.toContain(harbor.apiKey);
  });

  it("refuses a missing or unknown key ('API key is required') and a parent's key", async () => {
    const missing = await get('/api/apikeys/publishable-key');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('API key is required');
    const unknown = await get('/api/apikeys/publishable-key', '9b2f4c1e-3d5a-4b6c-8d7e-1f2a3b4c5d6e');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toEqual({
      code: 'PAYMENT_LINKS_UNKNOWN_API_KEY',
      message: 'This API key is not valid.',
    });
    if (harbor.parentId === null) throw new Error('Harbor Lane has no parent');
    const parentKey = await secretApiKeyOf(ctx.app.db, harbor.parentId);
    expect((await get('/api/apikeys/publishable-key', parentKey)).statusCode).toBe(401);
  });
});

describe('GET /api/client/link-config', () => {
  it("answers the named merchant's configured methods, read from its configuration", async () => {
    await ctx.app.db
      .update(clientConfigs)
      .set({ ach: null, crypto: null, levelThreeDataEnabled: true, terminals: 'pax' })
      .where(eq(clientConfigs.clientId, copper.id));
    const res = await get('/api/client/link-config', copper.publicKey);
    expect(res.statusCode, res.body).toBe(200);
    const config = linkConfigResponse.parse(res.json()).message;
    expect(config.merchant.configuration).toMatchObject({
      ach: false,
      crypto: false,
      level_three_data_enabled: true,
      // The configurator offers pax and newpos by it.
      terminals: 'pax',
    });
    const [row] = await ctx.app.db
      .select({ payment: clientConfigs.payment })
      .from(clientConfigs)
      .where(eq(clientConfigs.clientId, copper.id));
    expect(config.merchant.configuration.payment).toBe((row?.payment ?? null) !== null);
    expect((await get('/api/client/link-config', 'nope')).statusCode).toBe(401);
  });
});

describe('GET /api/terminal', () => {
  it("lists only the named merchant's terminals, open when active", async () => {
    const [open] = await ctx.app.db
      .insert(terminals)
      .values({ clientId: harbor.id, name: 'Counter', laneId: 'lane-h19-1', terminalType: 'PAX' })
      .returning({ id: terminals.id });
    await ctx.app.db.insert(terminals).values({
      clientId: harbor.id,
      name: 'Back',
      laneId: 'lane-h19-2',
      terminalType: 'PAX',
      isActive: false,
    });
    await ctx.app.db
      .insert(terminals)
      .values({ clientId: copper.id, name: 'Copper', laneId: 'lane-h19-3', terminalType: 'PAX' });

    const res = await get('/api/terminal', harbor.publicKey);
    expect(res.statusCode, res.body).toBe(200);
    const map = linkTerminalsResponse.parse(res.json()).message;
    const mine = Object.values(map).filter((terminal) => terminal.laneId.startsWith('lane-h19'));
    expect(mine.map((terminal) => [terminal.laneId, terminal.connectionStatus.status]).sort()).toEqual([
      ['lane-h19-1', 'open'],
      ['lane-h19-2', 'closed'],
    ]);
    if (!open) throw new Error('no terminal');
    expect(openTerminals(map).map((terminal) => terminal.id)).toContain(open.id);
    expect(res.body).not.toContain('lane-h19-3');
  });
});

describe('POST /api/payment-links/sign', () => {
  const encode = (params: object) => Buffer.from(JSON.stringify(params)).toString('base64');
  const sign = (key: string, params: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payment-links/sign',
      headers: { authorization: `Bearer ${key}` },
      payload: { params },
    });

  it("signs params naming the merchant's publishable key, with its secret key only", async () => {
    const params = encode({ publishableKey: harbor.publicKey, amount: '12.50', paymentType: 'charge' });
    const res = await sign(harbor.apiKey, params);
    expect(res.statusCode, res.body).toBe(200);
    const { sig, url } = signLinkResponse.parse(res.json()).message;
    expect(isPaymentFrameSignatureValid(ctx.app, params, sig)).toBe(true);
    expect(url).toBe(paymentFrameAddress('', params, sig));

    // The publishable key is public: it signs nothing.
    const withPublic = await sign(harbor.publicKey, params);
    expect(withPublic.statusCode).toBe(403);
    expect(withPublic.json().error.message).toBe('Enter the API key to create payment links.');
  });

  it("refuses another merchant's params, params the frame would refuse, and loose bodies", async () => {
    for (const params of [
      encode({ publishableKey: copper.publicKey, amount: '1.00' }),
      encode({ publishableKey: harbor.publicKey, amount: '1.234' }),
      encode({ publishableKey: harbor.publicKey, injected: true }),
      'not base64 json',
    ]) {
      const res = await sign(harbor.apiKey, params);
      expect(res.statusCode, params).toBe(400);
    }
    const loose = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-links/sign',
      headers: { authorization: `Bearer ${harbor.apiKey}` },
      payload: { params: encode({ publishableKey: harbor.publicKey }), sig: 'x' },
    });
    expect(loose.statusCode).toBe(400);
    expect((await sign('unknown', encode({ publishableKey: harbor.publicKey }))).statusCode).toBe(401);
  });
});
