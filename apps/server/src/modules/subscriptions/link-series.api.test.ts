import { randomUUID } from 'node:crypto';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { addDays, addIntervals, calendarDateInZone } from '@portico/contracts/subscriptions/schedule';
import { subscriptionListResponse } from '@portico/contracts/subscriptions/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo, seedDemoAccounts } from '../../../test/demo-data';
import { buildClient } from '../../../test/factories';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { clientConfigs } from '../../db/schema/clients';
import { subscriptionCharges, subscriptions } from '../../db/schema/subscriptions';
import { transactions } from '../../db/schema/transactions';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import { sessionCookieNameOf } from '../../plugins/session';
import { calendarDateLabel } from '../subscription-scheduler/subscription-emails';
import { runSubscriptionCharges } from '../subscription-scheduler/subscription-scheduler.service';
import { findUnusedCancelToken } from './cancel-token';
import { createSeriesFromLinkCharge } from './link-series';

// Issue 18: a paid subscription payment link creates its series in the charge's own transaction,
// once, however often the charge is replayed.

const publicUrl = 'https://portal.example';
let smtp: SmtpPeer;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let merchant: { id: string; publicKey: string; name: string };
let payerCount = 0;

// 1111 2222 3333 4444: a Luhn-valid sandbox Visa (sandbox numbers begin with 1).
const cardNumber = '1111222233334444';

beforeAll(async () => {
  smtp = await startSmtpPeer();
  ctx = await buildTestApp({ smtpUrl: smtp.url, publicUrl });
  await seedDemoAccounts(ctx.database);
  const row = await buildClient(ctx.app.db, {
    publicKey: randomUUID(),
    apiKey: randomUUID(),
    level: 'Merchant',
  });
  await ctx.app.db
    .insert(clientConfigs)
    .values({ clientId: row.id, payment: 'fis', ach: 'xpress', highTicketCents: 100_000 })
    .onConflictDoUpdate({ target: clientConfigs.clientId, set: { payment: 'fis', ach: 'xpress' } });
  merchant = { id: row.id, publicKey: row.publicKey, name: row.name };
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

function payerAddress(): string {
  payerCount += 1;
  return `10.9.0.${payerCount}`;
}

function signedLink(overrides: Partial<PaymentFrameParams> = {}) {
  const params = encodePaymentFrameParams({
    publishableKey: merchant.publicKey,
    paymentOptions: ['credit_card', 'bank'],
    amount: '25.00',
    paymentType: 'subscription',
    interval: 'monthly',
    frequency: 1,
    cycles: 6,
    trial: 0,
    description: 'Beans club',
    ...overrides,
  });
  return { params, sig: signPaymentFrameParams(ctx.app, params) };
}

async function token(payload: Record<string, string>): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment-frame/tokenize',
    payload,
    remoteAddress: payerAddress(),
  });
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body).message.token;
}

const cardToken = () =>
  token({ kind: 'card', number: cardNumber, expMonth: '12', expYear: '2030', cvv: '123' });

async function charge(body: Record<string, unknown>, key: string = randomUUID()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payment-frame/charge',
    headers: { 'idempotency-key': key },
    payload: body,
    remoteAddress: payerAddress(),
  });
}

const unsubscribeLink =
  /https:\/\/portal\.example\/app\/unsubscribe\/([A-Za-z0-9_-]+)\+([^+\s]+)\+(\d+\.\d{2})/;

function mailTo(email: string) {
  return smtp.received.filter((mail) => mail.to.includes(email));
}

async function seriesOfPayer(email: string) {
  const [series] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.email, email));
  if (!series) throw new Error(`no series of ${email}`);
  return series;
}

async function chargedOnOf(transactionId: string): Promise<string> {
  const [paid] = await ctx.app.db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!paid) throw new Error('no transaction');
  return calendarDateInZone(paid.createdAt, 'America/New_York');
}

async function seriesOfMerchant() {
  return ctx.app.db.select().from(subscriptions).where(eq(subscriptions.clientId, merchant.id));
}

describe('a paid subscription link', () => {
  it('creates the series with the link settings, the saved card and its first charge, once', async () => {
    const key = randomUUID();
    const body = {
      ...signedLink(),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
      email: 'Club@Payer.example',
      firstName: 'Dana',
      lastName: 'Reyes',
    };
    const res = await charge(body, key);
    expect(res.statusCode).toBe(200);
    const transactionId: string = JSON.parse(res.body).message.id;

    const [series, ...others] = await seriesOfMerchant();
    expect(others).toHaveLength(0);
    if (!series) throw new Error('no series');
    const [paid] = await ctx.app.db.select().from(transactions).where(eq(transactions.id, transactionId));
    if (!paid) throw new Error('no transaction');
    const chargedOn = calendarDateInZone(paid.createdAt, 'America/New_York');
    expect(series).toMatchObject({
      isActive: true,
      email: 'club@payer.example',
      description: 'Beans club',
      amountCents: 2_500,
      interval: 'monthly',
      frequency: 1,
      cycles: 6,
      cyclesCompleted: 1,
      trialDays: 0,
      startDate: chargedOn,
      nextChargeDate: addIntervals(chargedOn, 'monthly', 1),
      token: 'VISA-4444-12-2030',
    });
    const [customer] = await ctx.app.db
      .select()
      .from(vaultCustomers)
      .where(eq(vaultCustomers.id, series.customerId ?? ''));
    expect(customer).toMatchObject({ clientId: merchant.id, firstName: 'Dana', email: 'club@payer.example' });
    const [method] = await ctx.app.db
      .select()
      .from(vaultPaymentMethods)
      .where(eq(vaultPaymentMethods.id, series.paymentMethodId ?? ''));
    expect(method).toMatchObject({
      token: 'VISA-4444-12-2030',
      issuer: 'VISA',
      last4: '4444',
      expYear: 2030,
    });
    const charges = await ctx.app.db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, series.id));
    expect(charges.map((c) => [c.scheduledFor, c.status, c.transactionId, c.amountCents])).toEqual([
      [chargedOn, 'succeeded', transactionId, 2_500],
    ]);

    // The same click again replays the answer and creates nothing.
    const replay = await charge(body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await seriesOfMerchant()).toHaveLength(1);
  });

  it('keeps one saved method when two paid links of one customer carry the same card', async () => {
    // Two approved plain charges (no series of their own), then the settle step of a subscription
    // link for each, both for one vault customer: the link charge path names the customer only
    // when paying with its saved method, so the step is called directly here.
    const paid = async () => {
      const res = await charge({
        ...signedLink({ paymentType: 'charge' }),
        amount: '25.00',
        method: 'credit_card',
        email: 'twice@payer.example',
        token: await cardToken(),
      });
      expect(res.statusCode).toBe(200);
      const [row] = await ctx.app.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, JSON.parse(res.body).message.id));
      if (!row) throw new Error('no transaction');
      return row;
    };
    const [customer] = await ctx.app.db
      .insert(vaultCustomers)
      .values({ clientId: merchant.id, firstName: 'Kai', email: 'twice@payer.example' })
      .returning();
    if (!customer) throw new Error('no customer');
    const seriesFor = async (paidRow: Awaited<ReturnType<typeof paid>>) =>
      ctx.app.db.transaction((tx) =>
        createSeriesFromLinkCharge(tx, {
          plan: { interval: 'monthly', frequency: 1, cycles: 6, trialDays: 0, description: 'Beans club' },
          clientId: merchant.id,
          transactionId: paidRow.id,
          transactionCreatedAt: paidRow.createdAt,
          amountCents: 2_500,
          displayToken: 'VISA-4444-12-2030',
          customerId: customer.id,
          firstName: 'Kai',
          lastName: null,
          email: 'twice@payer.example',
        }),
      );
    const oneId = await seriesFor(await paid());
    const twoId = await seriesFor(await paid());
    expect(oneId).not.toBe(twoId);
    const rows = await ctx.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customer.id));
    expect(rows.map((r) => r.id).sort()).toEqual([oneId, twoId].sort());
    const methods = await ctx.app.db
      .select()
      .from(vaultPaymentMethods)
      .where(eq(vaultPaymentMethods.customerId, customer.id));
    expect(methods.map((m) => m.token)).toEqual(['VISA-4444-12-2030']);
    expect(rows.every((r) => r.paymentMethodId === methods[0]?.id)).toBe(true);
  });

  it("refuses a bank account ('Not available for subscriptions.') and creates nothing", async () => {
    const before = await seriesOfMerchant();
    const res = await charge({
      ...signedLink(),
      amount: '25.00',
      method: 'bank',
      token: await token({
        kind: 'bank',
        routingNumber: '011000015',
        accountNumber: '123456789',
        accountType: 'checking',
      }),
      email: 'bank@payer.example',
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.parse(res.body).error.message).toBe('Not available for subscriptions.');
    expect(await seriesOfMerchant()).toEqual(before);
  });

  it('sends the payer one receipt of the first charge, its unsubscribe link a fresh single-use token', async () => {
    const email = 'receipt@payer.example';
    const key = randomUUID();
    const body = { ...signedLink(), amount: '25.00', method: 'credit_card', token: await cardToken(), email };
    const res = await charge(body, key);
    expect(res.statusCode).toBe(200);
    const series = await seriesOfPayer(email);

    // Sent by the time the payer has the answer, read from the SMTP peer.
    const receipts = mailTo(email);
    expect(receipts).toHaveLength(1);
    const text = receipts[0]?.body ?? '';
    expect(text).toContain('Payment was successful.');
    expect(text).toContain('Amount: $25.00');
    expect(text).toContain('Payment method: VISA card ending in 4444');
    expect(text).toContain('Description: Beans club');
    expect(text).toContain(`Next charge: ${calendarDateLabel(series.nextChargeDate ?? '')}`);
    const link = unsubscribeLink.exec(text);
    expect(link?.[2]).toBe(encodeURIComponent(merchant.name));
    expect(link?.[3]).toBe('25.00');
    // A token of this series, not its id, and it cancels it.
    expect(link?.[1]).not.toBe(series.id);
    const cancelId = link?.[1] ?? '';
    expect(await findUnusedCancelToken(ctx.app.db, cancelId)).toEqual({ subscriptionId: series.id });

    // Neither the replayed click nor the scheduler's next run sends it again.
    const replay = await charge(body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await runSubscriptionCharges({
      db: ctx.app.db,
      gateway: ctx.app.chargeGateway,
      mail: ctx.app.mail,
      now: () => new Date(),
      publicUrl,
    });
    expect(mailTo(email)).toHaveLength(1);

    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { cancelId },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await seriesOfPayer(email)).toMatchObject({ isActive: false, endReason: 'Cancelled by customer' });
  });

  it('applies trial days: the next charge and the end date move by them, in the series and the grid', async () => {
    const email = 'trial@payer.example';
    const res = await charge({
      ...signedLink({ trial: 14, cycles: 6 }),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
      email,
    });
    expect(res.statusCode).toBe(200);
    const chargedOn = await chargedOnOf(JSON.parse(res.body).message.id);
    // The payment taken is the first cycle; the trial lengthens it by 14 days.
    const afterTrial = addDays(chargedOn, 14);
    const series = await seriesOfPayer(email);
    expect(series).toMatchObject({
      trialDays: 14,
      startDate: chargedOn,
      cyclesCompleted: 1,
      nextChargeDate: addIntervals(afterTrial, 'monthly', 1),
      endDate: addIntervals(afterTrial, 'monthly', 6),
    });

    // Served over https here, so the session cookie is the __Host- one.
    const cookie = await sessionCookieFor(ctx.app.db, demo.admin, sessionCookieNameOf(true));
    const url = `/api/subscription?clientid=${merchant.id}`;
    const grid = await callAs(ctx.app, demo.admin, 'GET', url, undefined, cookie);
    expect(grid.statusCode).toBe(200);
    const row = subscriptionListResponse.parse(grid.json()).message.find((r) => r.id === series.id);
    expect(row).toMatchObject({
      first_charge: chargedOn,
      next: addIntervals(afterTrial, 'monthly', 1),
      end: addIntervals(afterTrial, 'monthly', 6),
      trial_days: 14,
      cycles_remaining: 5,
    });
  });

  it('creates no series for a one-time link', async () => {
    const before = await seriesOfMerchant();
    const res = await charge({
      ...signedLink({ paymentType: 'charge' }),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
      email: 'once@payer.example',
    });
    expect(res.statusCode).toBe(200);
    expect(await seriesOfMerchant()).toEqual(before);
  });
});
