import { randomUUID } from 'node:crypto';
import { frameMerchantResponse } from '@portico/contracts/payment-frame/charge';
import { LinkTermsErrorCode, LinkTermsText } from '@portico/contracts/payment-frame/link-terms';
import {
  decodePaymentFrameParams,
  encodePaymentFrameParams,
  type PaymentFrameParams,
} from '@portico/contracts/payment-frame/params';
import { signLinkResponse } from '@portico/contracts/payment-links/payment-links';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientConfigs } from '../../src/db/schema/clients';
import { paymentAttempts } from '../../src/db/schema/payment-attempts';
import { subscriptions } from '../../src/db/schema/subscriptions';
import { transactions } from '../../src/db/schema/transactions';
import { isOnceKeyTaken } from '../../src/lib/money-attempt';
import { signPaymentFrameParams } from '../../src/lib/payment-frame-signature';
import { oneTimeLinkKeyOf } from '../../src/modules/charges/link-terms';
import { buildTestApp } from '../build-test-app';
import { buildClient } from '../factories';
import { linkBuilderParams } from '../payment-frame-payer';

// A one-time payment link (the link builder's one-time charge, signed by the server) pays once: a
// second payment, by the same payer or another, is refused and books nothing, however close together
// they come; a declined card leaves the link payable; a link past its signed expiry takes nothing.
// Subscription links pay as before.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let merchant: { id: string; publicKey: string; apiKey: string };
let payerCount = 0;

// A Luhn-valid sandbox Visa (sandbox numbers begin with 1).
const cardNumber = '1111222233334444';

beforeAll(async () => {
  ctx = await buildTestApp();
  const row = await buildClient(ctx.app.db, {
    publicKey: randomUUID(),
    apiKey: randomUUID(),
    level: 'Merchant',
  });
  await ctx.app.db
    .insert(clientConfigs)
    .values({ clientId: row.id, payment: 'fis', ach: 'xpress', highTicketCents: 100_000 })
    .onConflictDoUpdate({ target: clientConfigs.clientId, set: { payment: 'fis', ach: 'xpress' } });
  merchant = { id: row.id, publicKey: row.publicKey, apiKey: row.apiKey };
});

afterAll(async () => {
  await ctx?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

// Each payer comes from an address of their own.
function payerAddress(): string {
  payerCount += 1;
  return `10.77.${Math.floor(payerCount / 250)}.${(payerCount % 250) + 1}`;
}

function builderParams(overrides: Partial<PaymentFrameParams> = {}): PaymentFrameParams {
  return linkBuilderParams(merchant.publicKey, overrides);
}

// The link as the builder gets it: POST /api/payment-links/sign with the secret key.
async function builtLink(overrides: Partial<PaymentFrameParams> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment-links/sign',
    headers: { authorization: `Bearer ${merchant.apiKey}` },
    payload: { params: encodePaymentFrameParams(builderParams(overrides)) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { params, sig } = signLinkResponse.parse(res.json()).message;
  return { params, sig };
}

// A link signed directly, as a link built before links carried an id (or with an expiry already
// past, which the builder's sign call refuses).
function signedLink(params: PaymentFrameParams) {
  const encoded = encodePaymentFrameParams(params);
  return { params: encoded, sig: signPaymentFrameParams(ctx.app, encoded) };
}

async function cardToken(): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment-frame/tokenize',
    payload: { kind: 'card', number: cardNumber, expMonth: '12', expYear: '2030', cvv: '123' },
    remoteAddress: payerAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message.token;
}

async function pay(
  link: { params: string; sig: string },
  payer: { email: string; key?: string; amount?: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payment-frame/charge',
    headers: { 'idempotency-key': payer.key ?? randomUUID() },
    payload: {
      ...link,
      method: 'credit_card',
      amount: payer.amount ?? '42.00',
      token: await cardToken(),
      email: payer.email,
    },
    remoteAddress: payerAddress(),
  });
}

async function bookedFor(email: string) {
  return ctx.app.db.select().from(transactions).where(eq(transactions.customerEmail, email));
}

async function linkStateOf(link: { params: string; sig: string }) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/payment-frame/merchant',
    query: { key: merchant.publicKey, ...link },
    remoteAddress: payerAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return frameMerchantResponse.parse(res.json()).message.link_state;
}

function expectRefusal(
  res: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  message: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ status: false, error: { code, message } });
}

describe('a one-time payment link', () => {
  it('is signed with a fresh id of the server each time it is built', async () => {
    const first = await builtLink({ linkId: '0b6a3c8e-2f4d-4a1b-9c7e-5d3f1a2b4c6d' });
    const second = await builtLink();
    const idOf = (params: string) => {
      const decoded = decodePaymentFrameParams(params);
      return decoded.ok ? decoded.params.linkId : undefined;
    };
    expect(idOf(first.params)).toMatch(/^[0-9a-f-]{36}$/);
    expect(idOf(first.params)).not.toBe('0b6a3c8e-2f4d-4a1b-9c7e-5d3f1a2b4c6d');
    expect(idOf(second.params)).not.toBe(idOf(first.params));
  });

  it('is paid once; a second payment by the same payer or another is refused and books nothing', async () => {
    const link = await builtLink();
    expect(await linkStateOf(link)).toBe('open');
    const first = await pay(link, { email: 'first@payer.example' });
    expect(first.statusCode, first.body).toBe(200);
    expect(await bookedFor('first@payer.example')).toHaveLength(1);

    const again = await pay(link, { email: 'first@payer.example' });
    expectRefusal(again, 409, LinkTermsErrorCode.AlreadyPaid, LinkTermsText.AlreadyPaid);
    const other = await pay(link, { email: 'other@payer.example' });
    expectRefusal(other, 409, LinkTermsErrorCode.AlreadyPaid, LinkTermsText.AlreadyPaid);
    expect(await bookedFor('first@payer.example')).toHaveLength(1);
    expect(await bookedFor('other@payer.example')).toHaveLength(0);
    // The frame is told before it asks for a card.
    expect(await linkStateOf(link)).toBe('paid');
  });

  it('replays its own answer to a retry of the paying request', async () => {
    const link = await builtLink();
    const key = randomUUID();
    const body = {
      ...link,
      method: 'credit_card',
      amount: '42.00',
      token: await cardToken(),
      email: 'retry@payer.example',
    };
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payment-frame/charge',
        headers: { 'idempotency-key': key },
        payload: body,
        remoteAddress: '10.78.0.1',
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message.id).toBe(first.json().message.id);
    expect(await bookedFor('retry@payer.example')).toHaveLength(1);
  });

  it('books one of two payments sent at the same time', async () => {
    const link = await builtLink();
    const answers = await Promise.all([
      pay(link, { email: 'race-a@payer.example' }),
      pay(link, { email: 'race-b@payer.example' }),
      pay(link, { email: 'race-c@payer.example' }),
    ]);
    const paid = answers.filter((res) => res.statusCode === 200);
    expect(paid).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect([LinkTermsErrorCode.AlreadyPaid, LinkTermsErrorCode.PaymentInProgress]).toContain(
        res.json().error.code,
      );
    }
    const booked = (
      await Promise.all(['race-a', 'race-b', 'race-c'].map((name) => bookedFor(`${name}@payer.example`)))
    ).flat();
    expect(booked).toHaveLength(1);
  });

  it('stays payable after a declined card', async () => {
    const link = await builtLink();
    vi.spyOn(ctx.app.chargeGateway, 'charge').mockResolvedValueOnce({
      outcome: 'declined',
      reference: 'sbx-declined-1',
      reason: 'Do not honor',
      code: '05',
    });
    const declined = await pay(link, { email: 'declined@payer.example' });
    expect(declined.statusCode).toBe(422);
    expect(await linkStateOf(link)).toBe('open');
    const paid = await pay(link, { email: 'declined@payer.example' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await bookedFor('declined@payer.example')).toHaveLength(1);
  });

  it('built before links carried an id is known by its signature and paid once', async () => {
    const link = signedLink(builderParams({ description: 'An older link' }));
    expect((await pay(link, { email: 'older@payer.example' })).statusCode).toBe(200);
    const again = await pay(link, { email: 'older-2@payer.example' });
    expectRefusal(again, 409, LinkTermsErrorCode.AlreadyPaid, LinkTermsText.AlreadyPaid);
  });
});

describe('a link with an expiry', () => {
  it('takes payments until it, and none after it', async () => {
    const ahead = await builtLink({ expiresAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    expect(await linkStateOf(ahead)).toBe('open');
    expect((await pay(ahead, { email: 'in-time@payer.example' })).statusCode).toBe(200);

    const past = signedLink(builderParams({ linkId: randomUUID(), expiresAt: '2020-01-01T00:00:00Z' }));
    expect(await linkStateOf(past)).toBe('expired');
    const late = await pay(past, { email: 'late@payer.example' });
    expectRefusal(late, 422, LinkTermsErrorCode.Expired, LinkTermsText.Expired);
    expect(await bookedFor('late@payer.example')).toHaveLength(0);
  });

  it('cannot be built with an expiry already past', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-links/sign',
      headers: { authorization: `Bearer ${merchant.apiKey}` },
      payload: { params: encodePaymentFrameParams(builderParams({ expiresAt: '2020-01-01T00:00:00Z' })) },
    });
    expectRefusal(res, 400, LinkTermsErrorCode.ExpiryInPast, LinkTermsText.ExpiryInPast);
  });
});

describe('links that take many payments', () => {
  it('a subscription link signs up one payer after another, as before', async () => {
    const link = await builtLink({
      paymentType: 'subscription',
      interval: 'monthly',
      frequency: 1,
      cycles: 3,
      amount: '15.00',
    });
    const decoded = decodePaymentFrameParams(link.params);
    expect(decoded.ok && decoded.params.linkId).toBe(undefined);
    for (const email of ['club-a@payer.example', 'club-b@payer.example']) {
      const res = await pay(link, { email, amount: '15.00' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await bookedFor(email)).toHaveLength(1);
      const series = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.email, email));
      expect(series).toHaveLength(1);
    }
    expect(await linkStateOf(link)).toBe('open');
  });

  it('a signed payment page (no link builder source) takes payment after payment', async () => {
    const page = signedLink({ publishableKey: merchant.publicKey, amount: '42.00', paymentType: 'charge' });
    for (const email of ['page-a@payer.example', 'page-b@payer.example']) {
      expect((await pay(page, { email })).statusCode).toBe(200);
    }
    expect(await linkStateOf(page)).toBe('open');
  });
});

describe('the once-key of a payment attempt', () => {
  const attempt = (onceKey: string, state: 'pending' | 'settled' | 'failed' = 'pending') => ({
    userId: randomUUID(),
    idempotencyKey: randomUUID(),
    requestHash: 'hash',
    operation: 'charge',
    clientId: merchant.id,
    amountCents: 4200,
    processor: 'fis',
    state,
    onceKey,
  });

  it('is held by one live attempt at a time; a failed one lets it go', async () => {
    const onceKey = `test-${randomUUID()}`;
    await ctx.app.db.insert(paymentAttempts).values(attempt(onceKey, 'failed'));
    await ctx.app.db.insert(paymentAttempts).values(attempt(onceKey));
    const second = await ctx.app.db
      .insert(paymentAttempts)
      .values(attempt(onceKey, 'settled'))
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isOnceKeyTaken(second)).toBe(true);
  });

  it('held by another payer whose payment is under way refuses this one', async () => {
    const link = await builtLink();
    const decoded = decodePaymentFrameParams(link.params);
    if (!decoded.ok) throw new Error('the built link does not decode');
    const onceKey = oneTimeLinkKeyOf(merchant.id, decoded.params, link.sig);
    if (onceKey === null) throw new Error('the built link is not one-time');
    await ctx.app.db.insert(paymentAttempts).values(attempt(onceKey));
    const res = await pay(link, { email: 'second-in-line@payer.example' });
    expectRefusal(res, 409, LinkTermsErrorCode.PaymentInProgress, LinkTermsText.PaymentInProgress);
    expect(await bookedFor('second-in-line@payer.example')).toHaveLength(0);
  });
});
