import { Permission } from '@portico/contracts/access/permission-names';
import { encodePaymentFrameParams, paymentFrameAddress } from '@portico/contracts/payment-frame/params';
import {
  apiKeysResponse,
  revealSecretKeyResponse,
  rollSecretKeyResponse,
} from '@portico/contracts/virtual-terminals/api-keys';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, roles } from '../../src/db/schema/access';
import { clients } from '../../src/db/schema/clients';
import { auditLog } from '../../src/db/schema/system';
import { sealLegacySecretApiKeys, secretApiKeyHash } from '../../src/lib/secret-api-key';
import { callAs, defaultClientOf } from '../auth-helpers';
import { buildTestApp, testFieldCipher } from '../build-test-app';
import { demo } from '../demo-data';
import { buildUser, secretApiKeyOf } from '../factories';

// The merchant's secret API key goes only to users who hold Payment Pages or Virtual Terminal
// Configuration there (and staff); the list of keys shows it masked, and the full key comes only from
// a deliberate reveal; every reveal and roll is audited; a rolled key keeps working for its grace
// period only, wherever a secret key is accepted; the key belongs to the merchant.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harborId = '';
let harborPublicKey = '';

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  harborId = await defaultClientOf(ctx.app.db, demo.owner);
  const [row] = await ctx.app.db
    .select({ publicKey: clients.publicKey })
    .from(clients)
    .where(eq(clients.id, harborId));
  harborPublicKey = row?.publicKey ?? '';
});
afterAll(async () => {
  await ctx.close();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function harborRecordAs(email: string) {
  const res = await callAs(ctx.app, email, 'GET', '/api/user/apikeys');
  expect(res.statusCode, res.body).toBe(200);
  return apiKeysResponse.parse(res.json()).message.find((record) => record.id === harborId);
}

async function auditRows(action: 'apikey.reveal' | 'apikey.roll' | 'authorization_denied', email: string) {
  return ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorEmail, email)));
}

async function storedKeyColumns() {
  const [row] = await ctx.app.db
    .select({
      hash: clients.apiKeyHash,
      previousHash: clients.previousApiKeyHash,
      previousExpiresAt: clients.previousApiKeyExpiresAt,
    })
    .from(clients)
    .where(eq(clients.id, harborId));
  return row;
}

const roll = (email: string, payload: object) =>
  callAs(ctx.app, email, 'POST', '/api/user/apikeys/roll', payload);

const reveal = (email: string, payload: object) =>
  callAs(ctx.app, email, 'POST', '/api/user/apikeys/reveal', payload);

async function revealedKeyAs(email: string): Promise<string> {
  const res = await reveal(email, { client_id: harborId });
  expect(res.statusCode, res.body).toBe(200);
  return revealSecretKeyResponse.parse(res.json()).message.apikey;
}

// Every place a secret key authenticates: the link builder's key check, signing link params, and
// shortening a payment page.
async function secretKeyUses(key: string) {
  const publishable = await ctx.app.inject({
    method: 'GET',
    url: '/api/apikeys/publishable-key',
    headers: bearer(key),
  });
  const params = encodePaymentFrameParams({ publishableKey: harborPublicKey, amount: '5.00' });
  const signed = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment-links/sign',
    headers: bearer(key),
    payload: { params },
  });
  const frameUrl = paymentFrameAddress('https://portal.example', params);
  const shortened = await ctx.app.inject({
    method: 'GET',
    url: `/api/urls?url=${encodeURIComponent(frameUrl)}`,
    headers: bearer(key),
  });
  return [publishable.statusCode, signed.statusCode, shortened.statusCode];
}

describe('reading the secret key', () => {
  it('gives a cashier without Payment Pages or Virtual Terminal Configuration the publishable key only', async () => {
    const record = await harborRecordAs(demo.barista);
    expect(record).toMatchObject({ id: harborId, public_key: harborPublicKey, apikey: null });
    const res = await callAs(ctx.app, demo.barista, 'GET', '/api/user/apikeys');
    expect(res.body).not.toContain(await secretApiKeyOf(ctx.app.db, harborId));
    expect(await auditRows('apikey.reveal', demo.barista)).toEqual([]);
  });

  it('listing keys writes no reveal audit and answers no full key', async () => {
    const key = await secretApiKeyOf(ctx.app.db, harborId);
    const res = await callAs(ctx.app, demo.owner, 'GET', '/api/user/apikeys');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(key);
    const record = apiKeysResponse.parse(res.json()).message.find((entry) => entry.id === harborId);
    expect(record?.apikey).toBe(`****${key.slice(-4)}`);
    expect(await auditRows('apikey.reveal', demo.owner)).toEqual([]);
  });

  it('reveals the secret key to the owner on request, with one apikey.reveal entry', async () => {
    const before = await auditRows('apikey.reveal', demo.owner);
    const res = await reveal(demo.owner, { client_id: harborId });
    expect(res.statusCode, res.body).toBe(200);
    const revealed = revealSecretKeyResponse.parse(res.json()).message;
    expect(revealed).toEqual({ id: harborId, apikey: await secretApiKeyOf(ctx.app.db, harborId) });
    const after = await auditRows('apikey.reveal', demo.owner);
    expect(after).toHaveLength(before.length + 1);
    const entry = after.find((row) => !before.some((earlier) => earlier.id === row.id));
    expect(entry).toMatchObject({
      outcome: 'success',
      targetType: 'client',
      targetId: harborId,
      clientId: harborId,
    });
    expect(JSON.stringify(entry)).not.toContain(revealed.apikey);
  });

  it('refuses the reveal to a cashier without the permissions, and audits the denial', async () => {
    const res = await reveal(demo.barista, { client_id: harborId });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(await secretApiKeyOf(ctx.app.db, harborId));
    expect(await auditRows('apikey.reveal', demo.barista)).toEqual([]);
    const denials = await auditRows('authorization_denied', demo.barista);
    expect(
      denials.map((row) => ({ target: row.targetId, clientId: row.clientId, details: row.details })),
    ).toContainEqual({
      target: 'POST /api/user/apikeys/reveal',
      clientId: harborId,
      details: { reason: 'permission', role: 'user', permission: Permission.VirtualTerminalConfiguration },
    });
  });

  it("refuses to reveal the key of a merchant outside the caller's reach", async () => {
    const copperId = await defaultClientOf(ctx.app.db, demo.copperOwner);
    const res = await reveal(demo.owner, { client_id: copperId });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(await secretApiKeyOf(ctx.app.db, copperId));
  });

  it('refuses a reveal body with anything but the merchant id', async () => {
    const res = await reveal(demo.owner, { client_id: harborId, all: true });
    expect(res.statusCode).toBe(400);
  });

  it('seals a plaintext key left by an older database and empties the plaintext column', async () => {
    const [legacy] = await ctx.app.db
      .insert(clients)
      .values({
        name: 'Legacy Keys Merchant',
        legacyApiKey: 'sk_legacy_plaintext_key',
        apiKeyHash: secretApiKeyHash('sk_legacy_plaintext_key'),
        apiKeyLast4: '_key',
        publicKey: 'pk_legacy_plaintext_key',
      })
      .returning({ id: clients.id });
    expect(await sealLegacySecretApiKeys(ctx.app.db, testFieldCipher())).toBe(1);
    const [row] = await ctx.app.db
      .select({ legacy: clients.legacyApiKey })
      .from(clients)
      .where(eq(clients.id, legacy?.id ?? ''));
    expect(row?.legacy).toBeNull();
    expect(await secretApiKeyOf(ctx.app.db, legacy?.id ?? '')).toBe('sk_legacy_plaintext_key');
  });

  it('keeps the secret key sealed at rest', async () => {
    const key = await secretApiKeyOf(ctx.app.db, harborId);
    const found = await ctx.app.db.execute(
      sql`select count(*)::int as n from clients where row_to_json(clients)::text like ${`%${key}%`}`,
    );
    expect(JSON.stringify(found)).toContain('"n":0');
  });
});

describe('rolling the secret key', () => {
  it('refuses a cashier without the permissions and changes nothing', async () => {
    const before = await storedKeyColumns();
    const res = await roll(demo.barista, { client_id: harborId, grace_days: 1 });
    expect(res.statusCode).toBe(403);
    expect(await storedKeyColumns()).toEqual(before);
  });

  it('refuses a grace period over 7 days with 400 and changes nothing', async () => {
    const before = await storedKeyColumns();
    const res = await roll(demo.owner, { client_id: harborId, grace_days: 8 });
    expect(res.statusCode).toBe(400);
    expect(await storedKeyColumns()).toEqual(before);
    expect(await auditRows('apikey.roll', demo.owner)).toEqual([]);
  });

  it('shows the new key once; the old one works for the grace period, then is refused everywhere', async () => {
    const oldKey = await secretApiKeyOf(ctx.app.db, harborId);
    expect(await secretKeyUses(oldKey)).toEqual([200, 200, 200]);

    const res = await roll(demo.owner, { client_id: harborId, grace_days: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const rolled = rollSecretKeyResponse.parse(res.json()).message;
    expect(rolled.apikey).not.toBe(oldKey);
    expect(rolled.apikey).toBe(await secretApiKeyOf(ctx.app.db, harborId));
    const expiresIn = Date.parse(rolled.previous_key_expires_at ?? '') - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
    const [entry] = await auditRows('apikey.roll', demo.owner);
    expect(entry).toMatchObject({ outcome: 'success', clientId: harborId, targetId: harborId });
    expect(JSON.stringify(entry)).not.toContain(rolled.apikey);

    // Within the grace period both keys work.
    expect(await secretKeyUses(oldKey)).toEqual([200, 200, 200]);
    expect(await secretKeyUses(rolled.apikey)).toEqual([200, 200, 200]);

    // The grace period has ended.
    await ctx.app.db
      .update(clients)
      .set({ previousApiKeyExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(clients.id, harborId));
    expect(await secretKeyUses(oldKey)).toEqual([401, 401, 403]);
    expect(await secretKeyUses(rolled.apikey)).toEqual([200, 200, 200]);
  });

  it('with no grace period refuses the old key at once', async () => {
    const oldKey = await secretApiKeyOf(ctx.app.db, harborId);
    const res = await roll(demo.owner, { client_id: harborId, grace_days: 0 });
    expect(res.statusCode).toBe(200);
    expect(rollSecretKeyResponse.parse(res.json()).message.previous_key_expires_at).toBeNull();
    expect(await secretKeyUses(oldKey)).toEqual([401, 401, 403]);
  });
});

describe('the key belongs to the merchant', () => {
  it('stays readable and rollable by another permitted user after the user who rolled it is removed', async () => {
    const [manager] = await ctx.app.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.clientId, harborId), eq(roles.name, 'Manager')));
    const roller = await buildUser(ctx.app.db, { defaultClientId: harborId });
    await ctx.app.db
      .insert(memberships)
      .values({ userId: roller.id, clientId: harborId, roleId: manager?.id });

    const rolled = await roll(roller.email, { client_id: harborId, grace_days: 0 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const key = rollSecretKeyResponse.parse(rolled.json()).message.apikey;

    const removed = await callAs(ctx.app, demo.owner, 'DELETE', `/api/user/delete?id=${roller.id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    expect(await revealedKeyAs(demo.owner)).toBe(key);
    expect(await secretKeyUses(key)).toEqual([200, 200, 200]);
    expect((await roll(demo.owner, { client_id: harborId, grace_days: 0 })).statusCode).toBe(200);
  });
});
