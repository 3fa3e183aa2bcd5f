import { randomUUID } from 'node:crypto';
import { processorAuditReadOnlyText } from '@portico/contracts/access/processor-audit';
import { frameMerchantResponse } from '@portico/contracts/payment-frame/charge';
import { LinkTermsErrorCode } from '@portico/contracts/payment-frame/link-terms';
import {
  decodePaymentFrameParams,
  encodePaymentFrameParams,
  type PaymentFrameParams,
} from '@portico/contracts/payment-frame/params';
import {
  linkConfigResponse,
  linkMerchantsResponse,
  linkTerminalsResponse,
  signMerchantLinkResponse,
} from '@portico/contracts/payment-links/payment-links';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { secretApiKeyOf } from '../../../test/factories';
import { linkBuilderParams, paymentFramePayer } from '../../../test/payment-frame-payer';
import { clients } from '../../db/schema/clients';
import { subscriptions } from '../../db/schema/subscriptions';
import { auditLog } from '../../db/schema/system';
import { shortLinks } from '../../db/schema/terminals';
import { transactions } from '../../db/schema/transactions';
import { isPaymentFrameSignatureValid } from '../../lib/payment-frame-signature';

// The link builder for a signed-in user: the session is the credential, no key is typed. The caller
// makes one-time, reusable and subscription links for the merchants where they hold Payment Pages,
// each audited with the user; everyone else is refused and nothing is made.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let payer: ReturnType<typeof paymentFramePayer>;
type Merchant = { id: string; name: string; publicKey: string };
let harbor: Merchant;
let copper: Merchant;

// A Luhn-valid sandbox Visa (sandbox numbers begin with 1).
const cardNumber = '1111222233334444';

async function merchantOf(email: string): Promise<Merchant> {
  const id = await defaultClientOf(ctx.app.db, email);
  const [row] = await ctx.app.db
    .select({ name: clients.name, dbaName: clients.dbaName, publicKey: clients.publicKey })
    .from(clients)
    .where(eq(clients.id, id));
  if (!row) throw new Error(`${email} has no client`);
  return { id, name: row.dbaName ?? row.name, publicKey: row.publicKey };
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  payer = paymentFramePayer(ctx.app);
  harbor = await merchantOf(demo.owner);
  copper = await merchantOf(demo.copperOwner);
});
afterAll(async () => {
  await ctx.close();
});

function builderParams(merchant: Merchant, overrides: Partial<PaymentFrameParams> = {}): string {
  return encodePaymentFrameParams(linkBuilderParams(merchant.publicKey, overrides));
}

const oneTime = (merchant: Merchant) => builderParams(merchant);
// A payment page: no builder source, so it takes one payer after another.
const reusable = (merchant: Merchant) => builderParams(merchant, { source: undefined });
const subscription = (merchant: Merchant) =>
  builderParams(merchant, {
    paymentType: 'subscription',
    amount: '25.00',
    interval: 'monthly',
    frequency: 1,
    cycles: 6,
    trial: 0,
  });

const merchantsAs = (email: string) => callAs(ctx.app, email, 'GET', '/api/payment-links/merchants');
const signAs = (email: string, clientId: string, params: string, shortLink = false) =>
  callAs(ctx.app, email, 'POST', `/api/payment-links/merchants/${clientId}/sign`, {
    params,
    short_link: shortLink,
  });

async function linkAs(email: string, merchant: Merchant, params: string, shortLink = false) {
  const res = await signAs(email, merchant.id, params, shortLink);
  expect(res.statusCode, res.body).toBe(200);
  return signMerchantLinkResponse.parse(res.json()).message;
}

async function payLink(link: { params: string; sig: string }, amount: string, email: string) {
  const tokenized = await payer.tokenize({
    kind: 'card',
    number: cardNumber,
    expMonth: '12',
    expYear: '2030',
    cvv: '123',
  });
  expect(tokenized.statusCode, tokenized.body).toBe(200);
  return payer.charge({
    params: link.params,
    sig: link.sig,
    method: 'credit_card',
    amount,
    token: tokenized.json().message.token,
    email,
  });
}

async function frameOf(merchant: Merchant, link: { params: string; sig: string }) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/payment-frame/merchant',
    query: { key: merchant.publicKey, params: link.params, sig: link.sig },
    remoteAddress: payer.address(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return frameMerchantResponse.parse(res.json()).message;
}

async function linkEntries(clientId: string) {
  return ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'payment_link.create'), eq(auditLog.clientId, clientId)));
}

async function counts() {
  const [links] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(shortLinks);
  const [entries] = await ctx.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.action, 'payment_link.create'));
  return { shortLinks: links?.n, entries: entries?.n };
}

function expectForbidden(res: { statusCode: number; json(): unknown }, message?: string) {
  expect(res.statusCode).toBe(403);
  const body = res.json() as { status: boolean; error: { code: string; message: string } };
  expect(body.status).toBe(false);
  expect(body.error.code).toBe('FORBIDDEN');
  if (message !== undefined) expect(body.error.message).toBe(message);
}

describe('a merchant owner, signed in', () => {
  it('sees only their own merchant, by name, and its configuration and terminals', async () => {
    const res = await merchantsAs(demo.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(linkMerchantsResponse.parse(res.json()).message).toEqual([
      { id: harbor.id, name: harbor.name, publishable_key: harbor.publicKey },
    ]);
    const config = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/payment-links/merchants/${harbor.id}/link-config`,
    );
    expect(config.statusCode, config.body).toBe(200);
    expect(linkConfigResponse.parse(config.json()).message.merchant.name).toBe(harbor.name);
    const terminals = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/payment-links/merchants/${harbor.id}/terminals`,
    );
    expect(terminals.statusCode, terminals.body).toBe(200);
    linkTerminalsResponse.parse(terminals.json());
  });

  it('makes a one-time link without a key: it pays once, its short link leads to it, and it is audited with the user', async () => {
    const link = await linkAs(demo.owner, harbor, oneTime(harbor), true);
    expect(isPaymentFrameSignatureValid(ctx.app, link.params, link.sig)).toBe(true);
    const decoded = decodePaymentFrameParams(link.params);
    if (!decoded.ok) throw new Error('the signed params do not decode');
    expect(decoded.params.linkId).toEqual(expect.any(String));

    expect((await frameOf(harbor, link)).link_state).toBe('open');
    const email = `once-${randomUUID()}@payer.example`;
    const first = await payLink(link, '42.00', email);
    expect(first.statusCode, first.body).toBe(200);
    const second = await payLink(link, '42.00', email);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe(LinkTermsErrorCode.AlreadyPaid);
    const booked = await ctx.app.db.select().from(transactions).where(eq(transactions.customerEmail, email));
    expect(booked).toHaveLength(1);
    expect(booked[0]?.clientId).toBe(harbor.id);

    if (link.short_url === null) throw new Error('no short link');
    const code = link.short_url.split('/url/')[1] ?? '';
    const followed = await ctx.app.inject({ method: 'GET', url: `/url/${code}` });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(link.url);

    const entry = (await linkEntries(harbor.id)).find(
      (row) => (row.details as { link_id?: string } | null)?.link_id === decoded.params.linkId,
    );
    expect(entry).toMatchObject({ outcome: 'success', actorEmail: demo.owner, targetId: harbor.id });
    expect(entry?.details).toMatchObject({ credential: 'session', one_time: true, short_link: true });
  });

  it('makes a reusable link that takes one payer after another, and a subscription link that loads and starts its series', async () => {
    const page = await linkAs(demo.owner, harbor, reusable(harbor));
    expect(page.short_url).toBeNull();
    for (const n of [1, 2]) {
      const res = await payLink(page, '42.00', `page-${n}-${randomUUID()}@payer.example`);
      expect(res.statusCode, res.body).toBe(200);
    }

    const series = await linkAs(demo.owner, harbor, subscription(harbor));
    const frame = await frameOf(harbor, series);
    expect(frame.link_state).toBe('open');
    const email = `series-${randomUUID()}@payer.example`;
    const paid = await payLink(series, '25.00', email);
    expect(paid.statusCode, paid.body).toBe(200);
    const [started] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(started?.clientId).toBe(harbor.id);
  });
});

describe('a reseller, signed in', () => {
  it('chooses among its child merchants where it holds Payment Pages, and makes a link for one', async () => {
    const res = await merchantsAs(demo.reseller);
    expect(res.statusCode, res.body).toBe(200);
    const merchants = linkMerchantsResponse.parse(res.json()).message;
    expect(merchants.length).toBeGreaterThan(1);
    // Copper Kettle does not use roles: the parent's membership holds every permission there. Harbor
    // Lane uses roles, and the parent's role lacks Payment Pages.
    expect(merchants).toContainEqual({ id: copper.id, name: copper.name, publishable_key: copper.publicKey });
    expect(merchants.map((merchant) => merchant.id)).not.toContain(harbor.id);
    for (const merchant of merchants) expect(merchant.name).not.toBe(merchant.id);

    const link = await linkAs(demo.reseller, copper, oneTime(copper));
    expect(await frameOf(copper, link)).toMatchObject({ link_state: 'open' });
    const email = `reseller-${randomUUID()}@payer.example`;
    const paid = await payLink(link, '42.00', email);
    expect(paid.statusCode, paid.body).toBe(200);
    const [entry] = (await linkEntries(copper.id)).filter((row) => row.actorEmail === demo.reseller);
    expect(entry?.details).toMatchObject({ credential: 'session', one_time: true });

    expectForbidden(await signAs(demo.reseller, harbor.id, oneTime(harbor)));
  });
});

describe('staff, signed in', () => {
  it('choose any merchant and make its link', async () => {
    const res = await merchantsAs(demo.admin);
    expect(res.statusCode, res.body).toBe(200);
    const ids = linkMerchantsResponse.parse(res.json()).message.map((merchant) => merchant.id);
    expect(ids).toEqual(expect.arrayContaining([harbor.id, copper.id]));

    const link = await linkAs(demo.admin, harbor, reusable(harbor));
    expect((await frameOf(harbor, link)).link_state).toBe('open');
    expect((await linkEntries(harbor.id)).map((row) => row.actorEmail)).toContain(demo.admin);
  });
});

describe('refused callers', () => {
  it('refuse a user without Payment Pages, the processor-audit user and another merchant, making nothing', async () => {
    const before = await counts();

    // The cashier holds no Payment Pages at Harbor Lane.
    expectForbidden(await merchantsAs(demo.barista));
    expectForbidden(await signAs(demo.barista, harbor.id, oneTime(harbor), true));

    expectForbidden(await merchantsAs(demo.audit));
    expectForbidden(
      await callAs(ctx.app, demo.audit, 'GET', `/api/payment-links/merchants/${harbor.id}/link-config`),
    );
    expectForbidden(
      await callAs(ctx.app, demo.audit, 'GET', `/api/payment-links/merchants/${harbor.id}/terminals`),
    );
    expectForbidden(await signAs(demo.audit, harbor.id, oneTime(harbor), true), processorAuditReadOnlyText);

    // Copper Kettle's owner: only Copper Kettle, never Harbor Lane.
    const own = linkMerchantsResponse.parse((await merchantsAs(demo.copperOwner)).json()).message;
    expect(own.map((merchant) => merchant.id)).toEqual([copper.id]);
    expectForbidden(await signAs(demo.copperOwner, harbor.id, oneTime(harbor), true));
    expectForbidden(
      await callAs(ctx.app, demo.copperOwner, 'GET', `/api/payment-links/merchants/${harbor.id}/link-config`),
    );
    // Harbor Lane's params on Copper Kettle's path sign nothing either.
    const crossed = await signAs(demo.copperOwner, copper.id, oneTime(harbor), true);
    expect(crossed.statusCode).toBe(400);

    expect(await counts()).toEqual(before);
  });

  it('answer 401 without a session, and the key path still signs without one (audited without a user)', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/payment-links/merchants/${harbor.id}/sign`,
      payload: { params: oneTime(harbor) },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payment-links/merchants' })).statusCode).toBe(
      401,
    );

    const byKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-links/sign',
      headers: { authorization: `Bearer ${await secretApiKeyOf(ctx.app.db, copper.id)}` },
      payload: { params: oneTime(copper) },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    const keyEntries = (await linkEntries(copper.id)).filter(
      (row) => (row.details as { credential?: string } | null)?.credential === 'api_key',
    );
    expect(keyEntries).toHaveLength(1);
    expect(keyEntries[0]?.actorEmail).toBeNull();
  });

  it('let a signed-in session carry no key: the cookie alone signs', async () => {
    const cookie = await sessionCookieFor(ctx.app.db, demo.owner);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/payment-links/merchants/${harbor.id}/sign`,
      headers: { cookie },
      payload: { params: reusable(harbor) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(await secretApiKeyOf(ctx.app.db, harbor.id));
  });
});
