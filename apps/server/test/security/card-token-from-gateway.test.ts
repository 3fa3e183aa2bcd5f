import { randomUUID } from 'node:crypto';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameErrorCode, PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConfigs, clients } from '../../src/db/schema/clients';
import { rateLimitCounters } from '../../src/db/schema/jobs';
import { subscriptions } from '../../src/db/schema/subscriptions';
import { auditLog } from '../../src/db/schema/system';
import { transactions } from '../../src/db/schema/transactions';
import { vaultCustomers, vaultPaymentMethods } from '../../src/db/schema/vault';
import { clientIdNamed, sessionCookieFor } from '../auth-helpers';
import { buildTestApp } from '../build-test-app';
import { demo } from '../demo-data';
import { buildClient } from '../factories';
import { paymentFramePayer } from '../payment-frame-payer';

// A card payment used to be approved with a display token (ISSUER-last4-mm-yyyy, the form in which
// the vault and the reports show a saved method) in place of a card token, without any card number,
// and on a subscription link it started a series charged every month. A keyed, swiped, wallet or
// bank payment now takes only a token the gateway issued through /tokenize: a display token, a
// made-up or tampered string, or another customer's saved method is refused with CARD_INVALID,
// books nothing, starts no series, and is audited and counted like any refused charge. A saved
// method is paid only through the saved-method path, by its id, under its own customer and merchant.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let payer: ReturnType<typeof paymentFramePayer>;
let merchant: { id: string; publicKey: string };
let other: { id: string; publicKey: string };
// Two customers of the merchant, the second with a saved card; a customer of another merchant.
let linkCustomer: string;
let savedCard: { customerId: string; methodId: string; token: string };
let foreignCard: { customerId: string; methodId: string };

// A Luhn-valid sandbox Visa (sandbox numbers begin with 1).
const cardNumber = '1111222233334444';

async function merchantTakingCards() {
  const row = await buildClient(ctx.app.db, {
    publicKey: randomUUID(),
    apiKey: randomUUID(),
    level: 'Merchant',
  });
  await ctx.app.db
    .insert(clientConfigs)
    .values({ clientId: row.id, payment: 'fis', ach: 'xpress', highTicketCents: 100_000 })
    .onConflictDoUpdate({
      target: clientConfigs.clientId,
      set: { payment: 'fis', ach: 'xpress', highTicketCents: 100_000 },
    });
  return { id: row.id, publicKey: row.publicKey };
}

async function customerWithCard(clientId: string, card: { token: string; last4: string } | null) {
  const [customer] = await ctx.app.db
    .insert(vaultCustomers)
    .values({ clientId, firstName: 'Vera', lastName: 'Vault', email: `${randomUUID()}@payer.example` })
    .returning();
  if (!customer) throw new Error('no customer');
  if (card === null) return { customerId: customer.id, methodId: '' };
  const [method] = await ctx.app.db
    .insert(vaultPaymentMethods)
    .values({
      customerId: customer.id,
      token: card.token,
      issuer: 'MC',
      last4: card.last4,
      expMonth: 9,
      expYear: 2031,
    })
    .returning();
  if (!method) throw new Error('no method');
  return { customerId: customer.id, methodId: method.id };
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  payer = paymentFramePayer(ctx.app);
  merchant = await merchantTakingCards();
  other = await merchantTakingCards();
  linkCustomer = (await customerWithCard(merchant.id, null)).customerId;
  savedCard = {
    ...(await customerWithCard(merchant.id, { token: 'MC-4321-09-2031', last4: '4321' })),
    token: 'MC-4321-09-2031',
  };
  foreignCard = await customerWithCard(other.id, { token: 'MC-8765-09-2031', last4: '8765' });
});

afterAll(async () => {
  await ctx?.close();
});

function link(overrides: Partial<PaymentFrameParams> = {}) {
  return payer.signedLink(merchant.publicKey, {
    paymentOptions: ['credit_card', 'bank', 'swipe', 'apple_pay', 'google_pay'],
    freeFormAmount: true,
    ...overrides,
  });
}

const subscriptionLink = () =>
  link({ amount: '25.00', paymentType: 'subscription', interval: 'monthly', frequency: 1, cycles: 6 });

async function tokenOf(payload: Record<string, string>): Promise<string> {
  const res = await payer.tokenize(payload);
  expect(res.statusCode).toBe(200);
  return res.json().message.token;
}

const cardToken = () =>
  tokenOf({ kind: 'card', number: cardNumber, expMonth: '12', expYear: '2030', cvv: '123' });

async function bookedOf(clientId: string) {
  return {
    transactions: (await ctx.app.db.select().from(transactions).where(eq(transactions.clientId, clientId)))
      .length,
    series: (await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.clientId, clientId)))
      .length,
    methods: (
      await ctx.app.db
        .select({ id: vaultPaymentMethods.id })
        .from(vaultPaymentMethods)
        .innerJoin(vaultCustomers, eq(vaultCustomers.id, vaultPaymentMethods.customerId))
        .where(eq(vaultCustomers.clientId, clientId))
    ).length,
  };
}

async function refusedChargesOf(clientId: string) {
  const rows = await ctx.app.db
    .select({ outcome: auditLog.outcome, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'charge'), eq(auditLog.clientId, clientId)));
  return rows.filter(
    (row) => row.outcome === 'failure' && row.details?.code === PaymentFrameErrorCode.CardInvalid,
  ).length;
}

function expectCardTokenRefused(res: { statusCode: number; json(): { error: unknown } }) {
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toMatchObject({
    code: PaymentFrameErrorCode.CardInvalid,
    message: PaymentFrameText.CardTokenNotValid,
  });
}

// A token the gateway issued, with one character of its signed payload changed.
function tampered(token: string): string {
  const at = 'sbx_tok_'.length + 2;
  const changed = token[at] === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${changed}${token.slice(at + 1)}`;
}

describe('a card token comes from the gateway', () => {
  it('refuses a display token for every keyed, swiped, wallet and bank method: 400, nothing booked, audited', async () => {
    const before = await bookedOf(merchant.id);
    const refusedBefore = await refusedChargesOf(merchant.id);
    const attempts = [
      { method: 'credit_card', token: 'VISA-1424-12-2028' },
      { method: 'credit_card', token: 'AMEX-0005-01-2030' },
      { method: 'swipe', token: 'VISA-1424-12-2028' },
      { method: 'apple_pay', token: 'VISA-1424-12-2028' },
      { method: 'google_pay', token: 'MC-4444-12-2030' },
      { method: 'bank', token: 'BANK-6789' },
    ];
    for (const attempt of attempts) {
      expectCardTokenRefused(await payer.charge({ ...link(), amount: '25.00', zip: '02134', ...attempt }));
    }
    expect(await bookedOf(merchant.id)).toEqual(before);
    expect(await refusedChargesOf(merchant.id)).toBe(refusedBefore + attempts.length);
  });

  it('refuses a display token on a subscription link: no series, no saved card, no transaction', async () => {
    const before = await bookedOf(merchant.id);
    const res = await payer.charge({
      ...subscriptionLink(),
      amount: '25.00',
      method: 'credit_card',
      token: 'VISA-1424-12-2028',
      email: 'club@payer.example',
    });
    expectCardTokenRefused(res);
    expect(await bookedOf(merchant.id)).toEqual(before);
  });

  it('refuses an invented or tampered token and counts each refusal against the payer', async () => {
    const address = '10.251.0.1';
    const issued = await cardToken();
    const before = await bookedOf(merchant.id);
    const invented = [
      'tok_4242424242424242',
      'sbx_tok_e30.AAAA',
      `${issued}x`,
      tampered(issued),
      '1424-12-2028',
    ];
    for (const token of invented) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/payment-frame/charge',
        remoteAddress: address,
        headers: { 'idempotency-key': randomUUID() },
        payload: { ...link(), amount: '25.00', method: 'credit_card', token, zip: '02134' },
      });
      expectCardTokenRefused(res);
    }
    expect(await bookedOf(merchant.id)).toEqual(before);
    const [counter] = await ctx.app.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `POST/api/payment-frame/charge-${address}`));
    expect(counter?.hits).toBe(invented.length);
  });

  it("refuses another customer's saved method, by its display token or by its id", async () => {
    const before = await bookedOf(merchant.id);
    // Its display token as a card token, on a link of another customer of the merchant.
    expectCardTokenRefused(
      await payer.charge({
        ...link({ customerId: linkCustomer }),
        amount: '25.00',
        method: 'credit_card',
        token: savedCard.token,
      }),
    );
    // Its id on the saved-method path, under another customer of the merchant.
    const byId = await payer.charge({
      ...link({ customerId: linkCustomer }),
      amount: '25.00',
      method: 'saved',
      paymentMethodId: savedCard.methodId,
      token: savedCard.token,
    });
    expect(byId.statusCode).toBe(422);
    expect(byId.json().error).toMatchObject({
      code: PaymentFrameErrorCode.MethodNotAvailable,
      message: PaymentFrameText.SavedMethodNotFound,
    });
    // A customer of another merchant, named on this merchant's link.
    const foreign = await payer.charge({
      ...link({ customerId: foreignCard.customerId }),
      amount: '25.00',
      method: 'saved',
      paymentMethodId: foreignCard.methodId,
    });
    expect(foreign.json().error.message).toBe(PaymentFrameText.SavedMethodNotFound);
    expect(await bookedOf(merchant.id)).toEqual(before);
    expect((await bookedOf(other.id)).transactions).toBe(0);
  });

  it("refuses a display token from the merchant's own virtual terminal user", async () => {
    const harbor = await clientIdNamed(ctx.app.db, 'Harbor Lane Coffee Roasters');
    const [client] = await ctx.app.db
      .select({ publicKey: clients.publicKey })
      .from(clients)
      .where(eq(clients.id, harbor));
    if (!client) throw new Error('no Harbor Lane');
    const cookie = await sessionCookieFor(ctx.app.db, demo.owner);
    const params = encodePaymentFrameParams({ publishableKey: client.publicKey, isVirtualTerminal: true });
    const before = await bookedOf(harbor);
    const res = await payer.charge(
      { params, amount: '12.34', method: 'credit_card', token: 'VISA-1424-12-2028', zip: '02134' },
      { cookie },
    );
    expectCardTokenRefused(res);
    expect(await bookedOf(harbor)).toEqual(before);
  });

  it('approves a tokenized card, swipe and wallet, and a saved method through its own customer', async () => {
    const keyed = await payer.charge({
      ...link(),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
      zip: '02134',
    });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.json().message).toMatchObject({ amount: '25.00', status: 'Approved' });
    const swiped = await payer.charge({
      ...link(),
      amount: '12.00',
      method: 'swipe',
      token: await tokenOf({ kind: 'swipe', number: cardNumber, expMonth: '12', expYear: '2030' }),
    });
    expect(swiped.statusCode).toBe(200);
    const wallet = await payer.charge({
      ...link(),
      amount: '9.00',
      method: 'apple_pay',
      token: await tokenOf({ kind: 'wallet', wallet: 'apple_pay', issuer: 'VISA' }),
    });
    expect(wallet.statusCode).toBe(200);
    const saved = await payer.charge({
      ...link({ customerId: savedCard.customerId }),
      amount: '25.00',
      method: 'saved',
      paymentMethodId: savedCard.methodId,
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await ctx.app.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, saved.json().message.id));
    expect(row).toMatchObject({ customerId: savedCard.customerId, last4: '4321', token: savedCard.token });
  });

  it('starts a series on a subscription link paid with a tokenized card', async () => {
    const email = `${randomUUID()}@payer.example`;
    const res = await payer.charge({
      ...subscriptionLink(),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
      email,
    });
    expect(res.statusCode).toBe(200);
    const [series] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(series).toMatchObject({ clientId: merchant.id, isActive: true, token: 'VISA-4444-12-2030' });
  });
});
