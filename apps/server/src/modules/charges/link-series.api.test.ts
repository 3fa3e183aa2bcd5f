import { randomUUID } from 'node:crypto';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { scheduledSeriesResponse } from '@portico/contracts/payment-frame/scheduled-series';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import {
  addDays,
  addIntervals,
  calendarDateInZone,
  calendarDateLabel,
  merchantTimeZone,
  merchantToday,
} from '@portico/contracts/subscriptions/schedule';
import {
  subscriptionTermsOf,
  subscriptionTermsOfLink,
} from '@portico/contracts/subscriptions/subscription-terms';
import { subscriptionListResponse } from '@portico/contracts/subscriptions/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildClient } from '../../../test/factories';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { subEntities } from '../../db/schema/access';
import { clientConfigs, clients } from '../../db/schema/clients';
import { subscriptionCharges, subscriptions } from '../../db/schema/subscriptions';
import { transactions } from '../../db/schema/transactions';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';
import { webhookEvents } from '../../db/schema/webhooks';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import { sessionCookieNameOf } from '../../plugins/session';
import { findUnusedCancelToken } from '../subscription-scheduler/cancel-token';
import { runSubscriptionCharges } from '../subscription-scheduler/subscription-scheduler.service';
import { createSeriesFromLinkCharge } from './link-series';

// A paid subscription payment link creates its series in the charge's own transaction,
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
  ctx = await buildTestApp({ smtpUrl: smtp.url, publicUrl }, { demoAccounts: true });
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

// The terms the link's payment page shows a payer signing up at `now`, as the receipt words them.
function termsTextOf(overrides: Partial<PaymentFrameParams>, now: Date): string {
  const link = {
    amount: '25.00',
    interval: 'monthly',
    frequency: 1,
    cycles: 6,
    trial: 0,
    ...overrides,
  } as const;
  const terms = subscriptionTermsOf(subscriptionTermsOfLink(link, now, merchantTimeZone), merchantTimeZone);
  return ['Subscription terms:', ...terms].join('\n');
}

const lf = (text: string | undefined) => (text ?? '').replace(/\r\n/g, '\n');

async function seriesOfPayer(email: string) {
  const [series] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.email, email));
  if (!series) throw new Error(`no series of ${email}`);
  return series;
}

async function transactionsOfPayer(email: string) {
  return ctx.app.db.select().from(transactions).where(eq(transactions.customerEmail, email));
}

async function chargesOf(subscriptionId: string) {
  return ctx.app.db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(subscriptionCharges.scheduledFor);
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
    // Its events, written with it: created, then its first charge (this payment).
    const seriesEvents = () =>
      ctx.app.db
        .select({ type: webhookEvents.type, payload: webhookEvents.payload })
        .from(webhookEvents)
        .where(eq(webhookEvents.objectId, series.id))
        .orderBy(webhookEvents.seq);
    const events = await seriesEvents();
    expect(events.map((event) => event.type)).toEqual(['subscription.created', 'subscription.charged']);
    expect(events[1]?.payload).toMatchObject({
      data: { object: { payment_id: transactionId, charged_amount: '25.00', cycles_completed: 1 } },
    });

    // The same click again replays the answer and creates nothing.
    const replay = await charge(body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await seriesOfMerchant()).toHaveLength(1);
    expect(await seriesEvents()).toHaveLength(2);
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
          plan: {
            interval: 'monthly',
            frequency: 1,
            cycles: 6,
            trialDays: 0,
            start: null,
            description: 'Beans club',
          },
          clientId: merchant.id,
          transactionId: paidRow.id,
          transactionCreatedAt: paidRow.createdAt,
          amountCents: 2_500,
          displayToken: 'VISA-4444-12-2030',
          customerId: customer.id,
          firstName: 'Kai',
          lastName: null,
          email: 'twice@payer.example',
          subEntityId: null,
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
    // The terms the link's page showed the payer, word for word.
    expect(lf(text)).toContain(termsTextOf({}, new Date()));
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

  it('charges nothing at sign-up with a trial: the card is saved, the first charge after the trial', async () => {
    const email = 'trial@payer.example';
    const key = randomUUID();
    const body = {
      ...signedLink({ trial: 14, cycles: 6 }),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
      email,
      firstName: 'Tess',
    };
    const signedUpAt = new Date();
    const res = await charge(body, key);
    expect(res.statusCode).toBe(200);
    const today = merchantToday(signedUpAt);
    const firstCharge = addDays(today, 14);
    const answer = scheduledSeriesResponse.parse(res.json()).message;
    expect(answer).toMatchObject({
      scheduled: true,
      amount: '25.00',
      first_charge_date: firstCharge,
      message: `Your subscription starts on ${calendarDateLabel(firstCharge)}. Nothing was charged today.`,
    });
    // No money moved: no transaction of the payer, no charge of the series.
    expect(await transactionsOfPayer(email)).toHaveLength(0);
    const series = await seriesOfPayer(email);
    expect(series).toMatchObject({
      id: answer.subscription_id,
      isActive: true,
      trialDays: 14,
      startDate: today,
      cyclesCompleted: 0,
      nextChargeDate: firstCharge,
      // The end date: start date plus cycles times the interval, the trial days added.
      endDate: addIntervals(firstCharge, 'monthly', 6),
      token: 'VISA-4444-12-2030',
    });
    expect(await chargesOf(series.id)).toHaveLength(0);
    const [method] = await ctx.app.db
      .select()
      .from(vaultPaymentMethods)
      .where(eq(vaultPaymentMethods.id, series.paymentMethodId ?? ''));
    expect(method).toMatchObject({
      token: 'VISA-4444-12-2030',
      last4: '4444',
      customerId: series.customerId,
    });
    expect(mailTo(email)).toHaveLength(0);

    // A double click: the same answer, one series.
    const replay = await charge(body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(scheduledSeriesResponse.parse(replay.json()).message).toEqual(answer);
    const ofPayer = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(ofPayer).toHaveLength(1);

    // The grid: first and next charge on the trial's end, every cycle still to come.
    const cookie = await sessionCookieFor(ctx.app.db, demo.admin, sessionCookieNameOf(true));
    const url = `/api/subscription?clientid=${merchant.id}`;
    const grid = await callAs(ctx.app, demo.admin, 'GET', url, undefined, cookie);
    expect(grid.statusCode).toBe(200);
    const row = subscriptionListResponse.parse(grid.json()).message.find((r) => r.id === series.id);
    expect(row).toMatchObject({
      first_charge: firstCharge,
      next: firstCharge,
      end: addIntervals(firstCharge, 'monthly', 6),
      trial_days: 14,
      cycles_remaining: 6,
    });

    // The scheduler charges cycle 1 on its date, once, and mails its receipt with the unsubscribe link.
    const onFirstCharge = () => new Date(`${firstCharge}T17:00:00Z`);
    const schedulerDeps = {
      db: ctx.app.db,
      gateway: ctx.app.chargeGateway,
      mail: ctx.app.mail,
      now: onFirstCharge,
      publicUrl,
    };
    const run = await runSubscriptionCharges(schedulerDeps);
    expect(run.charged).toBeGreaterThanOrEqual(1);
    const paid = await transactionsOfPayer(email);
    expect(paid.map((t) => t.amountCents)).toEqual([2_500]);
    expect((await chargesOf(series.id)).map((c) => [c.scheduledFor, c.status, c.transactionId])).toEqual([
      [firstCharge, 'succeeded', paid[0]?.id],
      [addIntervals(firstCharge, 'monthly', 1), 'scheduled', null],
    ]);
    expect(await seriesOfPayer(email)).toMatchObject({
      cyclesCompleted: 1,
      nextChargeDate: addIntervals(firstCharge, 'monthly', 1),
    });
    const receipts = mailTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).toContain('Payment was successful.');
    // The first charge's receipt repeats the terms shown at sign-up: trial, first charge, six charges.
    expect(lf(receipts[0]?.body)).toContain(termsTextOf({ trial: 14 }, signedUpAt));
    expect(unsubscribeLink.exec(receipts[0]?.body ?? '')?.[3]).toBe('25.00');
    // A second run the same day charges nothing more.
    await runSubscriptionCharges(schedulerDeps);
    expect(await transactionsOfPayer(email)).toHaveLength(1);
    expect(mailTo(email)).toHaveLength(1);
  });

  it('charges nothing at sign-up with a later start date: the first charge on that date', async () => {
    const email = 'start@payer.example';
    const start = addDays(merchantToday(new Date()), 10);
    const res = await charge({
      ...signedLink({ start, cycles: 3, interval: 'weekly' }),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
      email,
    });
    expect(res.statusCode).toBe(200);
    expect(scheduledSeriesResponse.parse(res.json()).message.first_charge_date).toBe(start);
    expect(await transactionsOfPayer(email)).toHaveLength(0);
    const series = await seriesOfPayer(email);
    expect(series).toMatchObject({
      trialDays: 0,
      startDate: start,
      cyclesCompleted: 0,
      nextChargeDate: start,
      endDate: addIntervals(start, 'weekly', 3),
    });
    expect(await chargesOf(series.id)).toHaveLength(0);
  });

  it('schedules one series when the same click arrives twice at once', async () => {
    const email = 'twice-at-once@payer.example';
    const key = randomUUID();
    const body = {
      ...signedLink({ trial: 30 }),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
      email,
    };
    const answers = await Promise.all([charge(body, key), charge(body, key)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const ids = answers.map((res) => scheduledSeriesResponse.parse(res.json()).message.subscription_id);
    expect(ids[0]).toBe(ids[1]);
    const ofPayer = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(ofPayer.map((series) => series.id)).toEqual([ids[0]]);
    // One series, one 'created' event.
    const events = await ctx.app.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.objectId, ids[0] ?? ''));
    expect(events.map((event) => event.type)).toEqual(['subscription.created']);
  });

  it('records each cycle the scheduler charges at the location the payer chose', async () => {
    const [dock] = await ctx.app.db
      .insert(subEntities)
      .values({
        clientId: merchant.id,
        name: `Dock ${randomUUID().slice(0, 8)}`,
        customFields: { Site: 'D1' },
      })
      .returning({ id: subEntities.id, name: subEntities.name });
    if (!dock) throw new Error('no location');
    const charged = async (email: string, overrides: Partial<PaymentFrameParams>) => {
      const res = await charge({
        ...signedLink({ showLocationsDropdown: true, cycles: 3, ...overrides }),
        amount: '25.00',
        method: 'credit_card',
        token: await cardToken(),
        email,
        locationId: dock.id,
      });
      expect(res.statusCode).toBe(200);
      const series = await seriesOfPayer(email);
      expect(series.subEntityId).toBe(dock.id);
      return series;
    };
    // One scheduled by a trial, one charged at sign-up (its first charge recorded at the location).
    const scheduled = await charged('dock-trial@payer.example', { trial: 3 });
    const chargedNow = await charged('dock-now@payer.example', {});
    const [first] = await transactionsOfPayer('dock-now@payer.example');
    expect(first?.subEntityId).toBe(dock.id);

    for (const series of [scheduled, chargedNow]) {
      const on = series.nextChargeDate ?? '';
      await runSubscriptionCharges({
        db: ctx.app.db,
        gateway: ctx.app.chargeGateway,
        mail: ctx.app.mail,
        now: () => new Date(`${on}T17:00:00Z`),
        publicUrl,
      });
      const [cycle] = (await chargesOf(series.id)).filter((c) => c.scheduledFor === on);
      expect(cycle?.status).toBe('succeeded');
      const [paid] = await ctx.app.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, cycle?.transactionId ?? ''));
      expect(paid?.subEntityId).toBe(dock.id);
      expect(paid?.apiResponse).toMatchObject({
        sub_location: { name: dock.name, custom_fields: { Site: 'D1' } },
      });
    }
  });

  it('refuses a trial link of a frozen merchant and schedules nothing', async () => {
    const email = 'frozen@payer.example';
    const body = {
      ...signedLink({ trial: 7 }),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
      email,
    };
    await ctx.app.db.update(clients).set({ isActive: false }).where(eq(clients.id, merchant.id));
    try {
      const res = await charge(body);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(PaymentFrameText.MerchantCannotTakePayments);
    } finally {
      await ctx.app.db.update(clients).set({ isActive: true }).where(eq(clients.id, merchant.id));
    }
    expect(await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.email, email))).toHaveLength(
      0,
    );
    expect(await transactionsOfPayer(email)).toHaveLength(0);
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
