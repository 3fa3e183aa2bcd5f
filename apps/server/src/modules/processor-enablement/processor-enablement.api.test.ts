import { accountDataResponse } from '@portico/contracts/account-data/account-data';
import { notesListResponse } from '@portico/contracts/notes/notes';
import {
  EnablementErrorCode,
  enablementStateResponse,
  epxEnableResponse,
  forumPayEnableResponse,
  proPayEnableResponse,
  proPaySsoResponse,
} from '@portico/contracts/processor-enablement/processor-enablement';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdNamed, sessionCookieFor } from '../../../test/auth-helpers';
import { testConfig } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { openTestDatabase } from '../../../test/test-database';
import { type App, buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { clientBankAccounts, clientConfigs, clientKeystore, clients } from '../../db/schema/clients';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { auditLog } from '../../db/schema/system';
import { SandboxOnboardingText } from '../../integrations/onboarding/sandbox-onboarding';

// EPX, ProPay and ForumPay enablement through the onboarding sandbox; the
// identifiers land in the keystore, each attempt in the Events panel; refusals change nothing.

const missingClient = '00000000-0000-4000-8000-00000000c404';
let database: DatabaseHandle;
let app: App;
const cookies = new Map<string, string>();

async function cookieOf(email: string) {
  const known = cookies.get(email);
  if (known) return known;
  const cookie = await sessionCookieFor(app.db, email);
  cookies.set(email, cookie);
  return cookie;
}

async function call(email: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { cookie: await cookieOf(email) },
    ...(payload ? { payload } : {}),
  });
}

async function keystoreOf(clientId: string) {
  const [row] = await app.db.select().from(clientKeystore).where(eq(clientKeystore.clientId, clientId));
  return row ?? null;
}

async function eventsOf(clientId: string) {
  const res = await call(demo.admin, 'GET', `/api/notes?id=${clientId}&is_event=true`);
  expect(res.statusCode).toBe(200);
  return notesListResponse.parse(res.json()).message.filter((note) => note.sub_domain === 'enablement');
}

async function setTaxIdLast4(clientId: string, last4: string) {
  await app.db.update(clients).set({ taxIdLast4: last4 }).where(eq(clients.id, clientId));
}

beforeAll(async () => {
  database = await openTestDatabase({ demoAccounts: true });
  app = await buildApp({ config: testConfig(), database, logger: false, dataKey: Buffer.alloc(32, 5) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('POST /api/epx/enable', () => {
  it('enables EPX: the merchant identifier and the encrypted key in the keystore, an event and an audit entry', async () => {
    const lakeside = await clientIdNamed(app.db, 'Lakeside Pet Supply');
    expect((await keystoreOf(lakeside))?.epxMerchantIdentifier ?? null).toBeNull();

    const res = await call(demo.admin, 'POST', '/api/epx/enable', { id: lakeside });
    expect(res.statusCode).toBe(200);
    const merchantId = epxEnableResponse.parse(res.json()).message.message.epx_results.third.merchantId;
    expect(merchantId).toMatch(/^9001\d{8}$/);

    const keystore = await keystoreOf(lakeside);
    expect(keystore?.epxMerchantIdentifier).toBe(merchantId);
    const sealed = keystore?.epxExternalKeyEnc ?? '';
    const externalKey = app.fieldCipher().decrypt(sealed, encryptedColumn.keystoreEpxExternalKey);
    expect(externalKey).toMatch(/^[0-9a-f]{64}$/);
    expect(sealed).not.toContain(externalKey);
    expect(keystore?.epxExternalKeyLast4).toBe(externalKey.slice(-4));

    const [event] = await eventsOf(lakeside);
    expect(event).toMatchObject({
      domain: 'epx',
      is_event: true,
      comment: `EPX enabled: merchant ${merchantId}`,
      data: { status: 'enabled', processor: 'epx', merchant_identifier: merchantId },
    });
    expect(JSON.stringify(event)).not.toContain(externalKey);
    const audits = await app.db
      .select({ outcome: auditLog.outcome, actorEmail: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'processor.enable'), eq(auditLog.clientId, lakeside)));
    expect(audits).toEqual([{ outcome: 'success', actorEmail: demo.admin }]);
  });

  it('refuses a second plain enable (409) and changes nothing; re-submitting the fees keeps the identifier', async () => {
    const bayou = await clientIdNamed(app.db, 'Bayou Bistro');
    const first = await call(demo.healnow, 'POST', '/api/epx/enable', { id: bayou });
    const merchantId = epxEnableResponse.parse(first.json()).message.message.epx_results.third.merchantId;
    const before = await keystoreOf(bayou);

    const again = await call(demo.admin, 'POST', '/api/epx/enable', { id: bayou });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: EnablementErrorCode.EpxAlreadyEnabled } });
    expect(await keystoreOf(bayou)).toEqual(before);
    expect(await eventsOf(bayou)).toHaveLength(1);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const resubmit = await call(demo.admin, 'POST', '/api/epx/enable', { id: bayou, re_submit_fees: true });
      expect(resubmit.statusCode).toBe(200);
      expect(epxEnableResponse.parse(resubmit.json()).message.message.epx_results.third.merchantId).toBe(
        merchantId,
      );
    }
    expect((await keystoreOf(bayou))?.epxMerchantIdentifier).toBe(merchantId);
    const statuses = (await eventsOf(bayou)).map((event) => event.data?.status);
    expect(statuses).toEqual(['fees_resubmitted', 'fees_resubmitted', 'enabled']);
  });

  it('boards a merchant once when two enables race: one 200, one 409, one event', async () => {
    const cornerstone = await clientIdNamed(app.db, 'Cornerstone Law Group');
    const cookie = await cookieOf(demo.admin);
    const enable = () =>
      app.inject({
        method: 'POST',
        url: '/api/epx/enable',
        headers: { cookie },
        payload: { id: cornerstone },
      });
    const answers = await Promise.all([enable(), enable()]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await eventsOf(cornerstone)).toHaveLength(1);
  });

  it('re-creates the application with a new identifier', async () => {
    const keystone = await clientIdNamed(app.db, 'Keystone Parking');
    const first = await call(demo.admin, 'POST', '/api/epx/enable', { id: keystone });
    const firstId = epxEnableResponse.parse(first.json()).message.message.epx_results.third.merchantId;
    const res = await call(demo.admin, 'POST', '/api/epx/enable', {
      id: keystone,
      re_create_application: true,
    });
    expect(res.statusCode).toBe(200);
    const newId = epxEnableResponse.parse(res.json()).message.message.epx_results.third.merchantId;
    expect(newId).not.toBe(firstId);
    expect((await keystoreOf(keystone))?.epxMerchantIdentifier).toBe(newId);
    expect((await eventsOf(keystone))[0]?.data?.status).toBe('application_recreated');
  });

  it('answers a sandbox decline with no merchant id, a declined event, and no keystore change', async () => {
    const coastal = await clientIdNamed(app.db, 'Coastal Cuts Barbershop');
    await setTaxIdLast4(coastal, '4513');
    const before = await keystoreOf(coastal);
    const res = await call(demo.admin, 'POST', '/api/epx/enable', { id: coastal });
    expect(res.statusCode).toBe(200);
    expect(epxEnableResponse.parse(res.json()).message.message).toEqual({
      epx_results: { third: { merchantId: null } },
      reason: SandboxOnboardingText.EpxDeclined,
    });
    expect(await keystoreOf(coastal)).toEqual(before);
    const [event] = await eventsOf(coastal);
    expect(event?.data).toMatchObject({ status: 'declined', reason: SandboxOnboardingText.EpxDeclined });
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const liberty = await clientIdNamed(app.db, 'Liberty Wine & Spirits');
    const cases: [object, number, string][] = [
      [{ id: liberty, processor: 'epx' }, 400, 'VALIDATION_FAILED'],
      [{ id: liberty, re_submit_fees: true, re_create_application: true }, 400, 'VALIDATION_FAILED'],
      [{ id: liberty, re_submit_fees: true }, 409, EnablementErrorCode.EpxNotEnabled],
      [{ id: missingClient }, 404, EnablementErrorCode.ClientNotFound],
      [
        { id: await clientIdNamed(app.db, 'Summit Merchant Services') },
        422,
        EnablementErrorCode.NotAMerchant,
      ],
    ];
    for (const [payload, status, code] of cases) {
      const res = await call(demo.admin, 'POST', '/api/epx/enable', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toMatchObject({ status: false, error: { code } });
    }
    expect(await keystoreOf(liberty)).toMatchObject({ epxMerchantIdentifier: null });
    expect(await eventsOf(liberty)).toEqual([]);
  });

  it("refuses a parent, the merchant's own owner and a foreign merchant (403) and changes nothing", async () => {
    const harbor = await clientIdNamed(app.db, 'Harbor Lane Coffee Roasters');
    for (const email of [demo.reseller, demo.owner, demo.copperOwner]) {
      const res = await call(email, 'POST', '/api/epx/enable', { id: harbor });
      expect(res.statusCode, email).toBe(403);
    }
    expect((await keystoreOf(harbor))?.epxMerchantIdentifier ?? null).toBeNull();
    expect(await eventsOf(harbor)).toEqual([]);
  });
});

describe('PATCH /api/client/enablepropay', () => {
  it("enrolls ACH only ('00', new account), then enables the same account again idempotently", async () => {
    const prairie = await clientIdNamed(app.db, 'Prairie Books & Games');
    const first = await call(demo.admin, 'PATCH', '/api/client/enablepropay', {
      id: prairie,
      is_ach_only: true,
    });
    expect(first.statusCode).toBe(200);
    const enrolled = proPayEnableResponse.parse(first.json()).message;
    expect(enrolled).toMatchObject({ pro_pay_status_code: '00', is_new_account: true, reason: null });
    expect((await keystoreOf(prairie))?.propayMid).toBe(enrolled.propay_mid);

    const again = await call(demo.admin, 'PATCH', '/api/client/enablepropay', { id: prairie });
    expect(proPayEnableResponse.parse(again.json()).message).toEqual({
      pro_pay_status_code: '00',
      is_new_account: false,
      propay_mid: enrolled.propay_mid,
      reason: null,
    });
    expect((await keystoreOf(prairie))?.propayMid).toBe(enrolled.propay_mid);
    const comments = (await eventsOf(prairie)).map((event) => event.comment);
    expect(comments).toEqual([
      `ProPay enabled (card plus ACH): account ${enrolled.propay_mid}`,
      `ProPay enrolled (ACH only): account ${enrolled.propay_mid}`,
    ]);
  });

  it("answers a status code other than '00' and changes nothing but the event log", async () => {
    const northstar = await clientIdNamed(app.db, 'Northstar Electronics');
    await setTaxIdLast4(northstar, '0013');
    const res = await call(demo.admin, 'PATCH', '/api/client/enablepropay', {
      id: northstar,
      is_ach_only: true,
    });
    expect(res.statusCode).toBe(200);
    expect(proPayEnableResponse.parse(res.json()).message).toEqual({
      pro_pay_status_code: '58',
      is_new_account: false,
      propay_mid: null,
      reason: SandboxOnboardingText.ProPayUnderwriting,
    });
    expect((await keystoreOf(northstar))?.propayMid ?? null).toBeNull();
    expect((await eventsOf(northstar))[0]?.data).toMatchObject({ status: 'declined', status_code: '58' });
  });

  it("needs a payout bank account ('61') and refuses card processing to a tax id ending in 14 ('64')", async () => {
    const clearsight = await clientIdNamed(app.db, 'ClearSight Eye Care');
    await app.db.delete(clientBankAccounts).where(eq(clientBankAccounts.clientId, clearsight));
    const noBank = await call(demo.admin, 'PATCH', '/api/client/enablepropay', { id: clearsight });
    expect(proPayEnableResponse.parse(noBank.json()).message.pro_pay_status_code).toBe('61');

    const willow = await clientIdNamed(app.db, 'Willow Creek Veterinary Clinic');
    await setTaxIdLast4(willow, '0014');
    const card = await call(demo.healnow, 'PATCH', '/api/client/enablepropay', { id: willow });
    expect(proPayEnableResponse.parse(card.json()).message.pro_pay_status_code).toBe('64');
    const achOnly = await call(demo.healnow, 'PATCH', '/api/client/enablepropay', {
      id: willow,
      is_ach_only: true,
    });
    expect(proPayEnableResponse.parse(achOnly.json()).message.pro_pay_status_code).toBe('00');
  });

  it('refuses an unknown key, a non-boolean flag and a merchant user', async () => {
    const harbor = await clientIdNamed(app.db, 'Harbor Lane Coffee Roasters');
    const unknown = await call(demo.admin, 'PATCH', '/api/client/enablepropay', { id: harbor, card: true });
    expect(unknown.statusCode).toBe(400);
    const flag = await call(demo.admin, 'PATCH', '/api/client/enablepropay', {
      id: harbor,
      is_ach_only: 'yes',
    });
    expect(flag.statusCode).toBe(400);
    const owner = await call(demo.owner, 'PATCH', '/api/client/enablepropay', { id: harbor });
    expect(owner.statusCode).toBe(403);
    expect((await keystoreOf(harbor))?.propayMid ?? null).toBeNull();
  });
});

describe('POST /api/enable-forum-pay', () => {
  it('enables ForumPay (identifier in the keystore, crypto forumpay pending KYC) and refuses a second time', async () => {
    const riverside = await clientIdNamed(app.db, 'Riverside Chiropractic');
    const res = await call(demo.admin, 'POST', '/api/enable-forum-pay', { merchant_id: riverside });
    expect(res.statusCode).toBe(200);
    const result = forumPayEnableResponse.parse(res.json()).message.message;
    expect(result.is_forum_pay_enabled).toBe(true);
    expect((await keystoreOf(riverside))?.forumPayIdentifier).toBe(result.forum_pay_identifier);
    const [config] = await app.db
      .select({ crypto: clientConfigs.crypto, state: clientConfigs.forumPayState })
      .from(clientConfigs)
      .where(eq(clientConfigs.clientId, riverside));
    expect(config).toEqual({ crypto: 'forumpay', state: 'pending' });

    const again = await call(demo.admin, 'POST', '/api/enable-forum-pay', { merchant_id: riverside });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: EnablementErrorCode.ForumPayAlreadyEnabled } });
    expect(await eventsOf(riverside)).toHaveLength(1);
  });

  it('refuses a merchant on another crypto provider and reports a sandbox decline', async () => {
    const pixelforge = await clientIdNamed(app.db, 'Pixelforge Software');
    const curpay = await call(demo.admin, 'POST', '/api/enable-forum-pay', { merchant_id: pixelforge });
    expect(curpay.statusCode).toBe(409);
    expect(curpay.json()).toMatchObject({ error: { code: EnablementErrorCode.CryptoProviderInUse } });

    const bluebird = await clientIdNamed(app.db, 'Bluebird Florals');
    await setTaxIdLast4(bluebird, '2213');
    const declined = await call(demo.admin, 'POST', '/api/enable-forum-pay', { merchant_id: bluebird });
    expect(forumPayEnableResponse.parse(declined.json()).message.message).toEqual({
      is_forum_pay_enabled: false,
      forum_pay_identifier: null,
      reason: SandboxOnboardingText.ForumPayDeclined,
    });
    expect((await keystoreOf(bluebird))?.forumPayIdentifier ?? null).toBeNull();
  });
});

describe('GET /api/sso/propay and the sandbox portal page', () => {
  it("opens the sandbox portal of the merchant's ProPay account in a frame of the portal only", async () => {
    const peak = await clientIdNamed(app.db, 'Peak Performance Fitness');
    const account = (await keystoreOf(peak))?.propayMid;
    const res = await call(demo.admin, 'GET', `/api/sso/propay?client_id=${peak}`);
    expect(res.statusCode).toBe(200);
    const sso = proPaySsoResponse.parse(res.json()).message;

    const page = await app.inject({ method: 'GET', url: `${sso.portal_url}&page=Sweep%20Report` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain(`Account ${account}`);
    expect(page.body).toContain('<h2>Sweep Report</h2>');

    const forged = await app.inject({
      method: 'GET',
      url: `/api/propay/sandbox/portal?client_id=${peak}&token=${sso.authToken.slice(0, -2)}AA`,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).not.toContain(String(account));
  });

  it('refuses a merchant without a ProPay account (409) and a parent (403)', async () => {
    const harbor = await clientIdNamed(app.db, 'Harbor Lane Coffee Roasters');
    const none = await call(demo.admin, 'GET', `/api/sso/propay?client_id=${harbor}`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: { code: EnablementErrorCode.ProPayNotEnrolled } });
    const parent = await call(demo.reseller, 'GET', `/api/sso/propay?client_id=${harbor}`);
    expect(parent.statusCode).toBe(403);
  });
});

describe('GET /api/processor-enablement and /api/account-data', () => {
  it("answers the merchant's enablement state and its data with the tax id masked", async () => {
    const peak = await clientIdNamed(app.db, 'Peak Performance Fitness');
    const state = await call(demo.admin, 'GET', `/api/processor-enablement?id=${peak}`);
    expect(enablementStateResponse.parse(state.json()).message.propay.is_enabled).toBe(true);

    const res = await call(demo.admin, 'GET', `/api/account-data?id=${peak}`);
    expect(res.statusCode).toBe(200);
    const data = accountDataResponse.parse(res.json()).message;
    const [row] = await app.db
      .select({ last4: clients.taxIdLast4, enc: clients.taxIdEnc })
      .from(clients)
      .where(eq(clients.id, peak));
    expect(data).toMatchObject({
      name: 'Peak Performance Fitness',
      level: 'Merchant',
      tax_id: `****${row?.last4}`,
    });
    expect(res.body).not.toContain(String(row?.enc));
    expect(data.submerchant).toBeNull();

    const summit = await clientIdNamed(app.db, 'Summit Merchant Services');
    const parent = accountDataResponse.parse(
      (await call(demo.admin, 'GET', `/api/account-data?id=${summit}`)).json(),
    );
    expect(parent.message.submerchant?.enrollment_path).toBe(`/enroll/${summit}`);
    expect((await call(demo.reseller, 'GET', `/api/account-data?id=${peak}`)).statusCode).toBe(403);
  });
});
