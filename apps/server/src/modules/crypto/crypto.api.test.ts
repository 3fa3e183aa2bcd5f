import {
  CryptoText,
  cryptoKycSsoResponse,
  cryptoStatusResponse,
} from '@portico/contracts/crypto/crypto-status';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultClientOf, sessionCookieFor } from '../../../test/auth-helpers';
import { testConfig } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { openTestDatabase } from '../../../test/test-database';
import { type App, buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { clientConfigs } from '../../db/schema/clients';
import { auditLog } from '../../db/schema/system';
import { sandboxKycLinkValidityMs, sandboxKycPath } from '../../integrations/crypto/sandbox-crypto';
import { sessionCookieNameOf } from '../../plugins/session';

const cryptoEmail = 'crypto@ledgerlane.example';
const missingClient = '00000000-0000-4000-8000-00000000c404';
const start = new Date('2026-06-15T16:00:00.000Z');
let current = start;

let database: DatabaseHandle;
let app: App;
let ledgerLane: string;
let harborLane: string;
const cookies = new Map<string, string>();

function as(email: string): string {
  const cookie = cookies.get(email);
  if (!cookie) throw new Error(`no session for ${email}`);
  return cookie;
}

function get(url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
}

async function statusOf(merchantId: string, cookie = as(cryptoEmail)) {
  const res = await get(`/api/crypto/status?merchant-id=${merchantId}`, cookie);
  expect(res.statusCode).toBe(200);
  return cryptoStatusResponse.parse(res.json()).message;
}

async function kycLinkOf(merchantId: string): Promise<string> {
  const res = await get(`/api/crypto/kyc-sso?merchant-id=${merchantId}`, as(cryptoEmail));
  expect(res.statusCode).toBe(200);
  const link = cryptoKycSsoResponse.parse(res.json()).message.kyc_link;
  if (!link) throw new Error('no KYC link');
  return link;
}

// The link as the browser opens it: no session, only the signed query.
function open(link: string) {
  const url = new URL(link);
  return get(`${url.pathname}${url.search}`);
}

async function kycAudits(merchantId: string) {
  return app.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'crypto_kyc'), eq(auditLog.clientId, merchantId)));
}

async function setForumPayState(merchantId: string, state: string | null) {
  await app.db
    .update(clientConfigs)
    .set({ forumPayState: state })
    .where(eq(clientConfigs.clientId, merchantId));
}

beforeAll(async () => {
  database = await openTestDatabase({ demoAccounts: true });
  app = await buildApp({
    config: testConfig({ publicUrl: 'https://portal.test' }),
    database,
    logger: false,
    now: () => current,
    dataKey: Buffer.alloc(32, 9),
  });
  await app.ready();
  for (const email of [cryptoEmail, demo.owner, demo.admin])
    cookies.set(email, await sessionCookieFor(app.db, email, sessionCookieNameOf(true)));
  ledgerLane = await defaultClientOf(app.db, cryptoEmail);
  harborLane = await defaultClientOf(app.db, demo.owner);
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => {
  current = start;
});

describe('GET /api/crypto/status and /api/crypto/kyc-sso', () => {
  it('answers the seeded crypto merchant Ledger Lane: forumpay, enabled, no KYC left', async () => {
    expect(await statusOf(ledgerLane)).toEqual({
      crypto_provider: 'forumpay',
      crypto_status: 'enabled',
      crypto_enabled: true,
      crypto_kyc_link: null,
    });
    const sso = await get(`/api/crypto/kyc-sso?merchant-id=${ledgerLane}`, as(cryptoEmail));
    expect(sso.json()).toEqual({ status: true, message: { kyc_link: null } });
  });

  it('answers a merchant without a crypto provider as disabled', async () => {
    expect(await statusOf(harborLane, as(demo.owner))).toEqual({
      crypto_provider: false,
      crypto_status: 'disabled',
      crypto_enabled: false,
      crypto_kyc_link: null,
    });
  });

  it('refuses another merchant (403) and answers staff naming no client 404', async () => {
    for (const path of ['/api/crypto/status', '/api/crypto/kyc-sso']) {
      expect((await get(`${path}?merchant-id=${ledgerLane}`, as(demo.owner))).statusCode).toBe(403);
      expect((await get(`${path}?merchant-id=${harborLane}`, as(cryptoEmail))).statusCode).toBe(403);
      expect((await get(`${path}?merchant-id=${missingClient}`, as(demo.admin))).statusCode).toBe(404);
      expect((await get(`${path}?merchant-id=${ledgerLane}`)).statusCode).toBe(401);
      expect((await get(`${path}?merchant-id=not-a-uuid`, as(cryptoEmail))).statusCode).toBe(400);
    }
  });
});

describe('sandbox crypto KYC link', () => {
  it('completes the KYC once and flips the status to enabled', async () => {
    await setForumPayState(ledgerLane, null);
    const pending = await statusOf(ledgerLane);
    expect(pending).toMatchObject({
      crypto_provider: 'forumpay',
      crypto_status: 'pending',
      crypto_enabled: false,
    });
    expect(pending.crypto_kyc_link).toMatch(`https://portal.test${sandboxKycPath}?`);

    const link = await kycLinkOf(ledgerLane);
    const before = (await kycAudits(ledgerLane)).length;
    const first = await open(link);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.body.startsWith('<!doctype html>')).toBe(true);
    expect(first.body).toContain(CryptoText.SandboxCompleted);
    expect(await statusOf(ledgerLane)).toEqual({
      crypto_provider: 'forumpay',
      crypto_status: 'enabled',
      crypto_enabled: true,
      crypto_kyc_link: null,
    });
    const audits = await kycAudits(ledgerLane);
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)?.details).toMatchObject({ provider: 'forumpay', from: null, to: 'enabled' });

    const second = await open(link);
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(CryptoText.SandboxAlreadyCompleted);
    expect(await kycAudits(ledgerLane)).toHaveLength(before + 1);
  });

  it('refuses a forged, foreign or expired token and changes nothing', async () => {
    await setForumPayState(ledgerLane, 'pending');
    const link = new URL(await kycLinkOf(ledgerLane));
    const token = link.searchParams.get('token') ?? '';
    const [version, expiry, mac = ''] = token.split('.');
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    const attempts = [
      `${sandboxKycPath}?merchant-id=${ledgerLane}&token=${version}.${expiry}.${flipped}`,
      `${sandboxKycPath}?merchant-id=${ledgerLane}&token=${version}.${Number(expiry) + 60}.${mac}`,
      `${sandboxKycPath}?merchant-id=${ledgerLane}&token=forged`,
      // Ledger Lane's token on another merchant.
      `${sandboxKycPath}?merchant-id=${harborLane}&token=${token}`,
    ];
    for (const url of attempts) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).toContain(CryptoText.SandboxLinkInvalid);
    }
    current = new Date(start.getTime() + sandboxKycLinkValidityMs + 1000);
    const expired = await open(link.toString());
    expect(expired.statusCode).toBe(403);
    current = start;
    expect(await statusOf(ledgerLane)).toMatchObject({ crypto_status: 'pending', crypto_enabled: false });
  });
});
