import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  SubscriptionEndReasonText,
  SubscriptionErrorCode,
  type SubscriptionRow,
  SubscriptionText,
  subscriptionListResponse,
} from '@portico/contracts/subscriptions/subscriptions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment, buildClient, buildUser } from '../../../test/factories';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import type { Executor } from '../../db/client';
import { memberships, subEntities, userSubEntities } from '../../db/schema/access';
import { clientConfigs } from '../../db/schema/clients';
import { paymentAttempts } from '../../db/schema/payment-attempts';
import { subscriptionCancelTokens, subscriptionCharges, subscriptions } from '../../db/schema/subscriptions';
import { auditLog } from '../../db/schema/system';
import { transactions } from '../../db/schema/transactions';
import { users } from '../../db/schema/users';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';
import { webhookEvents } from '../../db/schema/webhooks';
import { issueCancelToken } from '../subscription-scheduler/cancel-token';
import { runSubscriptionCharges } from '../subscription-scheduler/subscription-scheduler.service';

// The Recurring Charges API, the series actions and the public unsubscribe, with every bad input
// answered clearly and changing nothing.

// 16:00 UTC is 12:00 in New York: the merchant's today is 15 June 2026.
const now = new Date('2026-06-15T16:00:00.000Z');
const today = '2026-06-15';
const yesterday = '2026-06-14';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let smtp: SmtpPeer;
let harbor = '';
let copper = '';
let outsider = '';

async function buildSubscription(
  db: Executor,
  clientId: string,
  overrides: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      clientId,
      token: 'VISA-1111-12-2030',
      email: 'payer@customer.example',
      description: 'Monthly beans',
      amountCents: 2_500,
      interval: 'monthly',
      frequency: 1,
      cycles: 12,
      cyclesCompleted: 2,
      trialDays: 0,
      startDate: '2026-04-20',
      nextChargeDate: '2026-06-20',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

async function seriesRow(id: string) {
  const [row] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error(`no series ${id}`);
  return row;
}

async function chargeRows(id: string) {
  return ctx.app.db.select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, id));
}

// The webhook events written about a series, oldest first.
async function eventsOf(id: string) {
  return ctx.app.db
    .select({ type: webhookEvents.type, payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(eq(webhookEvents.objectId, id))
    .orderBy(webhookEvents.seq);
}

// The series, its charge rows and its webhook events as stored: a refused call must leave all
// exactly so.
async function stateOf(id: string) {
  return { series: await seriesRow(id), charges: await chargeRows(id), events: await eventsOf(id) };
}

function errorOf(body: string): { code: string; message: string } {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) throw new Error(body);
  const { error } = parsed;
  if (typeof error !== 'object' || error === null) throw new Error(body);
  return { code: String(Reflect.get(error, 'code')), message: String(Reflect.get(error, 'message')) };
}

function rowsOf(body: string): SubscriptionRow[] {
  return subscriptionListResponse.parse(JSON.parse(body)).message;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  ctx = await buildTestApp({ smtpUrl: smtp.url }, { demoAccounts: true, now: () => now });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
  outsider = (await buildClient(ctx.app.db, { name: 'Outside Summit Goods' })).id;
});

afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

// The customer's mail about a series, once the outbox has delivered it.
async function mailsAbout(email: string, subject: string) {
  await expect
    .poll(() => smtp.received.filter((mail) => mail.to.includes(email) && mail.raw.includes(subject)).length)
    .toBeGreaterThan(0);
  return smtp.received.filter((mail) => mail.to.includes(email) && mail.raw.includes(subject));
}

describe('GET /api/subscription', () => {
  let harborSeries = '';
  let copperSeries = '';
  let outsiderSeries = '';

  beforeAll(async () => {
    const db = ctx.app.db;
    harborSeries = (await buildSubscription(db, harbor, { email: 'grid@customer.example' })).id;
    copperSeries = (await buildSubscription(db, copper)).id;
    outsiderSeries = (await buildSubscription(db, outsider)).id;
    await db.insert(subscriptionCharges).values([
      { subscriptionId: harborSeries, scheduledFor: '2026-04-20', amountCents: 2_500, status: 'succeeded' },
      { subscriptionId: harborSeries, scheduledFor: '2026-05-20', amountCents: 2_500, status: 'failed' },
    ]);
  });

  it("answers the grid's columns and the series settings of a merchant", async () => {
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/subscription?clientid=${harbor}`);
    expect(res.statusCode).toBe(200);
    const row = rowsOf(res.body).find((r) => r.id === harborSeries);
    expect(row).toMatchObject({
      status: 'true',
      status_label: 'Active',
      email: 'grid@customer.example',
      amount: '25.00',
      first_charge: '2026-04-20',
      next: '2026-06-20',
      cycles: 12,
      cycles_remaining: 10,
      end_reason: null,
      interval: 'monthly',
      frequency: 1,
      trial_days: 0,
      // A card token shows as the part after the first dash.
      token: '1111-12-2030',
      description: 'Monthly beans',
      failed_charges: 1,
      last_failed_charge: '2026-05-20',
      next_amount: null,
    });
  });

  it('scopes the rows by role: a merchant its own, a parent its hierarchy, staff every merchant', async () => {
    const idsFor = async (email: string) =>
      rowsOf((await callAs(ctx.app, email, 'GET', '/api/subscription')).body).map((r) => r.id);
    const owner = await idsFor(demo.owner);
    expect(owner).toContain(harborSeries);
    expect(owner).not.toContain(copperSeries);
    const parent = await idsFor(demo.reseller);
    // Copper Kettle's roles do not restrict; Summit's own role on Harbor Lane holds no Recurring Charges.
    expect(parent).toContain(copperSeries);
    expect(parent).not.toContain(harborSeries);
    expect(parent).not.toContain(outsiderSeries);
    const admin = await idsFor(demo.admin);
    expect(admin).toEqual(expect.arrayContaining([harborSeries, copperSeries, outsiderSeries]));
  });

  it("refuses another merchant's clientid (403) and the roles the page is not for", async () => {
    const foreign = await callAs(ctx.app, demo.owner, 'GET', `/api/subscription?clientid=${copper}`);
    expect(foreign.statusCode).toBe(403);
    const parentOutside = await callAs(
      ctx.app,
      demo.reseller,
      'GET',
      `/api/subscription?clientid=${outsider}`,
    );
    expect(parentOutside.statusCode).toBe(403);
    expect((await callAs(ctx.app, demo.healnow, 'GET', '/api/subscription')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/subscription' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/subscription/unsubscribe', () => {
  it("ends the series with 'Ended by merchant', keeps its charges, and audits it", async () => {
    const series = await buildSubscription(ctx.app.db, harbor, { email: 'ended@customer.example' });
    await ctx.app.db.insert(subscriptionCharges).values({
      subscriptionId: series.id,
      scheduledFor: '2026-05-20',
      amountCents: 2_500,
      status: 'succeeded',
    });
    const res = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/unsubscribe', {
      subscription_id: series.id,
      reason: 'Customer asked by phone',
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).message.text).toBe('Successfully ended.');
    const stored = await seriesRow(series.id);
    expect(stored).toMatchObject({ isActive: false, endReason: 'Ended by merchant', nextChargeDate: null });
    expect(stored.endedAt?.toISOString()).toBe(now.toISOString());
    // No refund: the completed charge is still there, as it was.
    expect((await chargeRows(series.id)).map((c) => c.status)).toEqual(['succeeded']);
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subscription.end'), eq(auditLog.targetId, series.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.outcome).toBe('success');
    // Exactly one event, written with the change.
    const events = await eventsOf(series.id);
    expect(events.map((event) => event.type)).toEqual(['subscription.ended']);
    expect(events[0]?.payload).toMatchObject({
      type: 'subscription.ended',
      merchant_id: harbor,
      data: {
        object: {
          object: 'subscription',
          id: series.id,
          amount: '25.00',
          status: 'ended',
          end_reason: 'Ended by merchant',
        },
      },
    });
    // The customer is told, once, with the reason and the card by its last four.
    const [mail, ...more] = await mailsAbout('ended@customer.example', 'has ended');
    expect(more).toEqual([]);
    expect(mail?.body).toContain('Your subscription with Harbor Lane Coffee Roasters has ended.');
    expect(mail?.body).toContain('Reason: Ended by merchant');
    expect(mail?.body).toContain('Payment method: VISA card ending in 1111');
  });

  it('refuses to end an ended series (409) and changes nothing', async () => {
    const series = await buildSubscription(ctx.app.db, harbor, {
      isActive: false,
      endReason: 'Completed',
      nextChargeDate: null,
      endedAt: new Date('2026-06-01T00:00:00Z'),
    });
    const before = await stateOf(series.id);
    const res = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/unsubscribe', {
      subscription_id: series.id,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toEqual({
      code: SubscriptionErrorCode.AlreadyEnded,
      message: 'This series has already ended.',
    });
    expect(await stateOf(series.id)).toEqual(before);
  });

  it('refuses unknown body keys (strict body)', async () => {
    const series = await buildSubscription(ctx.app.db, harbor);
    const res = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/unsubscribe', {
      subscription_id: series.id,
      end_reason: 'Mine',
    });
    expect(res.statusCode).toBe(400);
    expect((await seriesRow(series.id)).isActive).toBe(true);
  });
});

describe('PATCH /api/subscription/reactivate', () => {
  it('reactivates an ended series from a date today or later', async () => {
    const series = await buildSubscription(ctx.app.db, harbor, {
      isActive: false,
      endReason: SubscriptionEndReasonText.EndedByMerchant,
      endedAt: new Date('2026-06-01T00:00:00Z'),
      nextChargeDate: null,
    });
    const res = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/reactivate', {
      subscription_id: series.id,
      next: today,
    });
    expect(res.statusCode).toBe(200);
    const message = JSON.parse(res.body).message;
    expect(message.text).toBe('Successfully reactivated.');
    expect(message.subscription).toMatchObject({ status: 'true', next: today, end_reason: null });
    // 10 cycles left, monthly from 15 June 2026: the end date moves with them.
    expect(await seriesRow(series.id)).toMatchObject({
      isActive: true,
      nextChargeDate: today,
      endedAt: null,
      endDate: '2027-04-15',
    });
  });

  it("refuses a date in the past in the merchant's time zone and changes nothing", async () => {
    const series = await buildSubscription(ctx.app.db, harbor, {
      isActive: false,
      endReason: SubscriptionEndReasonText.EndedByMerchant,
      nextChargeDate: null,
    });
    const before = await stateOf(series.id);
    const res = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/reactivate', {
      subscription_id: series.id,
      next: yesterday,
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res.body)).toEqual({
      code: SubscriptionErrorCode.DateInPast,
      message: 'Start date can not be in past',
    });
    expect(await stateOf(series.id)).toEqual(before);
  });

  it('refuses an active series (409) and a date that is not a calendar date (400)', async () => {
    const series = await buildSubscription(ctx.app.db, harbor);
    const before = await stateOf(series.id);
    const active = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/reactivate', {
      subscription_id: series.id,
      next: today,
    });
    expect(active.statusCode).toBe(409);
    expect(errorOf(active.body).message).toBe(SubscriptionText.AlreadyActive);
    const malformed = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/reactivate', {
      subscription_id: series.id,
      next: '2026-02-30',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await stateOf(series.id)).toEqual(before);
  });
});

describe('PATCH /api/subscription/override', () => {
  it('sets the amount of the next charge (and moves it to a later date)', async () => {
    const series = await buildSubscription(ctx.app.db, harbor);
    const res = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/override', {
      subscription_id: series.id,
      amount: '40.10',
      next: '2026-06-25',
    });
    expect(res.statusCode).toBe(200);
    const message = JSON.parse(res.body).message;
    expect(message.text).toBe('Successfully added.');
    expect(message.subscription).toMatchObject({ next: '2026-06-25', next_amount: '40.10', amount: '25.00' });
    expect((await seriesRow(series.id)).nextChargeDate).toBe('2026-06-25');
    expect((await chargeRows(series.id)).map((c) => [c.scheduledFor, c.amountCents, c.status])).toEqual([
      ['2026-06-25', 4_010, 'scheduled'],
    ]);
    // A second override replaces the first: one scheduled charge, the new amount and date.
    const again = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/override', {
      subscription_id: series.id,
      amount: 12,
    });
    expect(again.statusCode).toBe(200);
    expect((await chargeRows(series.id)).map((c) => [c.scheduledFor, c.amountCents, c.status])).toEqual([
      ['2026-06-25', 1_200, 'scheduled'],
    ]);
  });

  it.each([
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['negative', '-5.00'],
    ['three decimals', '10.005'],
    ['not a number', 'ten'],
  ])("refuses an amount that is %s with 'Amount is not valid' and changes nothing", async (_, amount) => {
    const series = await buildSubscription(ctx.app.db, harbor);
    const before = await stateOf(series.id);
    const res = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/override', {
      subscription_id: series.id,
      amount,
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res.body)).toEqual({
      code: SubscriptionErrorCode.AmountNotValid,
      message: 'Amount is not valid',
    });
    expect(await stateOf(series.id)).toEqual(before);
  });

  it('refuses a past date and an ended series, changing nothing', async () => {
    const series = await buildSubscription(ctx.app.db, harbor);
    const before = await stateOf(series.id);
    const past = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/override', {
      subscription_id: series.id,
      amount: '10.00',
      next: yesterday,
    });
    expect(past.statusCode).toBe(422);
    expect(errorOf(past.body).message).toBe('Start date can not be in past');
    expect(await stateOf(series.id)).toEqual(before);

    const ended = await buildSubscription(ctx.app.db, harbor, { isActive: false, nextChargeDate: null });
    const endedBefore = await stateOf(ended.id);
    const res = await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/override', {
      subscription_id: ended.id,
      amount: '10.00',
    });
    expect(res.statusCode).toBe(409);
    expect(await stateOf(ended.id)).toEqual(endedBefore);
  });
});

describe("another merchant's series", () => {
  const missing = '00000000-0000-4000-8000-0000000a5404';
  const writes = [
    ['/api/subscription/unsubscribe', {}],
    ['/api/subscription/reactivate', { next: today }],
    ['/api/subscription/override', { amount: '10.00' }],
  ] as const;

  it.each(writes)('%s: a foreign series id is 403 and changes nothing', async (url, extra) => {
    const series = await buildSubscription(ctx.app.db, copper, {
      isActive: url.endsWith('reactivate') === false,
    });
    const before = await stateOf(series.id);
    const res = await callAs(ctx.app, demo.owner, 'PATCH', url, { subscription_id: series.id, ...extra });
    expect(res.statusCode).toBe(403);
    expect(await stateOf(series.id)).toEqual(before);
    const denied = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.clientId, copper)));
    expect(denied.length).toBeGreaterThan(0);
  });

  it.each(writes)('%s: an id no series has is 404 to staff and 403 to a merchant', async (url, extra) => {
    const payload = { subscription_id: missing, ...extra };
    expect((await callAs(ctx.app, demo.admin, 'PATCH', url, payload)).statusCode).toBe(404);
    expect((await callAs(ctx.app, demo.owner, 'PATCH', url, payload)).statusCode).toBe(403);
  });

  it('lets the parent above the merchant act, and refuses the processor-audit user (read-only)', async () => {
    const series = await buildSubscription(ctx.app.db, copper);
    const before = await stateOf(series.id);
    const audit = await callAs(ctx.app, demo.audit, 'PATCH', '/api/subscription/unsubscribe', {
      subscription_id: series.id,
    });
    expect(audit.statusCode).toBe(403);
    expect(await stateOf(series.id)).toEqual(before);
    expect(
      (await callAs(ctx.app, demo.audit, 'GET', `/api/subscription?clientid=${copper}`)).statusCode,
    ).toBe(200);
    const parent = await callAs(ctx.app, demo.reseller, 'PATCH', '/api/subscription/unsubscribe', {
      subscription_id: series.id,
    });
    expect(parent.statusCode).toBe(200);
  });
});

describe("POST /api/charge (Add a Charge 'now')", () => {
  let series = '';
  const copperToken = 'MC-5555-01-2031';

  async function savedMethod(clientId: string, token: string) {
    const [customer] = await ctx.app.db
      .insert(vaultCustomers)
      .values({ clientId, firstName: 'Sam', email: 'sam@customer.example' })
      .returning();
    if (!customer) throw new Error('no customer');
    const [issuer = 'VISA', last4 = '', month = '1', year = '2030'] = token.split('-');
    await ctx.app.db.insert(vaultPaymentMethods).values({
      customerId: customer.id,
      token,
      issuer: issuer === 'MC' ? 'MC' : 'VISA',
      last4,
      expMonth: Number(month),
      expYear: Number(year),
    });
    return customer.id;
  }

  async function chargeNow(payload: object, key: string = randomUUID(), email: string = demo.owner) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/charge',
      headers: { cookie: await sessionCookieFor(ctx.app.db, email), 'idempotency-key': key },
      payload,
    });
  }

  // The money side as stored: a refused charge adds no transaction and no attempt.
  async function moneyState() {
    const rows = await ctx.app.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.clientId, harbor));
    const attempts = await ctx.app.db
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.clientId, harbor));
    return { transactions: rows.length, attempts: attempts.length };
  }

  beforeAll(async () => {
    await ctx.app.db
      .insert(clientConfigs)
      .values({ clientId: harbor, payment: 'fis', ach: 'xpress' })
      .onConflictDoUpdate({ target: clientConfigs.clientId, set: { payment: 'fis', ach: 'xpress' } });
    const customerId = await savedMethod(harbor, 'VISA-4444-12-2030');
    series = (await buildSubscription(ctx.app.db, harbor, { customerId, token: 'VISA-4444-12-2030' })).id;
    await savedMethod(copper, copperToken);
  });

  it("charges the series' saved card at once, and a retried click charges once", async () => {
    const key = randomUUID();
    const before = await moneyState();
    const payload = { subscription_id: series, token: '4444-12-2030', amount: '12.50' };
    const res = await chargeNow(payload, key);
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.status).toBe(true);
    expect(body.message).toMatchObject({ amount: '12.50', status: 'Approved', last4: '4444' });
    const [paid] = await ctx.app.db.select().from(transactions).where(eq(transactions.id, body.message.id));
    expect(paid).toMatchObject({ clientId: harbor, amountCents: 1_250, token: 'VISA-4444-12-2030' });
    expect(paid?.meta).toMatchObject({ subscription_id: series });
    const replay = await chargeNow(payload, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await moneyState()).toEqual({
      transactions: before.transactions + 1,
      attempts: before.attempts + 1,
    });
  });

  it('refuses a token of another merchant and moves no money', async () => {
    const before = await moneyState();
    for (const token of [copperToken, '5555-01-2031']) {
      const res = await chargeNow({ subscription_id: series, token, amount: '10.00' });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res.body)).toEqual({
        code: SubscriptionErrorCode.PaymentMethodNotFound,
        message: 'The saved payment method was not found.',
      });
    }
    expect(await moneyState()).toEqual(before);
  });

  it.each(['0', '-1.00', '1.005'])("refuses the amount '%s' and moves no money", async (amount) => {
    const before = await moneyState();
    const res = await chargeNow({ subscription_id: series, token: '4444-12-2030', amount });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res.body).message).toBe('Amount is not valid');
    expect(await moneyState()).toEqual(before);
  });

  it("refuses another merchant's series (403) and a call without an Idempotency-Key (400)", async () => {
    const copperSeries = await buildSubscription(ctx.app.db, copper, { token: copperToken });
    const foreign = await chargeNow({
      subscription_id: copperSeries.id,
      token: copperToken,
      amount: '10.00',
    });
    expect(foreign.statusCode).toBe(403);
    const keyless = await callAs(ctx.app, demo.owner, 'POST', '/api/charge', {
      subscription_id: series,
      token: '4444-12-2030',
      amount: '10.00',
    });
    expect(keyless.statusCode).toBe(400);
  });

  // A user tied to sub-locations sees only their transactions, so a charge they
  // take is recorded at one of their locations.
  describe('by a user tied to sub-locations', () => {
    const location = { north: '', south: '', east: '' };
    let oneLocationUser = '';
    let twoLocationUser = '';

    async function tiedUser(locationIds: string[]) {
      const [owner] = await ctx.app.db
        .select({ roleId: memberships.roleId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(users.email, demo.owner), eq(memberships.clientId, harbor)));
      const user = await buildUser(ctx.app.db, { defaultClientId: harbor });
      await ctx.app.db
        .insert(memberships)
        .values({ userId: user.id, clientId: harbor, roleId: owner?.roleId });
      await ctx.app.db
        .insert(userSubEntities)
        .values(locationIds.map((subEntityId) => ({ userId: user.id, subEntityId })));
      return user.email;
    }

    // A series kept at a location, its first charge taken there (a payment link's payer chose it).
    async function seriesAt(subEntityId: string | null) {
      const customerId = await savedMethod(harbor, 'VISA-4444-12-2030');
      const row = await buildSubscription(ctx.app.db, harbor, {
        customerId,
        token: 'VISA-4444-12-2030',
        subEntityId,
      });
      if (subEntityId !== null) {
        const createdAt = new Date('2026-04-20T15:00:00Z');
        const transactionId = await buildCardPayment(ctx.app.db, {
          clientId: harbor,
          createdAt,
          subEntityId,
        });
        await ctx.app.db.insert(subscriptionCharges).values({
          subscriptionId: row.id,
          scheduledFor: '2026-04-20',
          amountCents: 2_500,
          status: 'succeeded',
          transactionId,
          transactionCreatedAt: createdAt,
        });
      }
      return row.id;
    }

    async function recordedLocation(res: { body: string }) {
      const [paid] = await ctx.app.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, JSON.parse(res.body).message.id));
      const apiResponse = paid?.apiResponse;
      const subLocation =
        typeof apiResponse === 'object' && apiResponse !== null
          ? Reflect.get(apiResponse, 'sub_location')
          : null;
      return { subEntityId: paid?.subEntityId, name: subLocation ? Reflect.get(subLocation, 'name') : null };
    }

    async function chargeLocations(subscriptionId: string, email: string) {
      const url = `/api/subscription/charge-locations?subscription_id=${subscriptionId}`;
      const res = await callAs(ctx.app, email, 'GET', url);
      expect(res.statusCode).toBe(200);
      return res.json().message;
    }

    beforeAll(async () => {
      for (const name of ['North', 'South', 'East'] as const) {
        const [row] = await ctx.app.db
          .insert(subEntities)
          .values({ clientId: harbor, name: `${name} Counter`, customFields: { store: name } })
          .returning({ id: subEntities.id });
        location[name === 'North' ? 'north' : name === 'South' ? 'south' : 'east'] = row?.id ?? '';
      }
      oneLocationUser = await tiedUser([location.north]);
      twoLocationUser = await tiedUser([location.north, location.south]);
    });

    it("records a one-location user's charge at their location", async () => {
      const seriesId = await seriesAt(null);
      expect(await chargeLocations(seriesId, oneLocationUser)).toEqual({
        locations: [{ id: location.north, name: 'North Counter' }],
        default_location_id: location.north,
      });
      const payload = { subscription_id: seriesId, token: '4444-12-2030', amount: '7.00' };
      const res = await chargeNow(payload, randomUUID(), oneLocationUser);
      expect(res.statusCode).toBe(200);
      expect(await recordedLocation(res)).toEqual({ subEntityId: location.north, name: 'North Counter' });
    });

    it('asks a user of several locations to choose, refuses one not theirs, and records the chosen', async () => {
      const seriesId = await seriesAt(null);
      expect(await chargeLocations(seriesId, twoLocationUser)).toEqual({
        locations: [
          { id: location.north, name: 'North Counter' },
          { id: location.south, name: 'South Counter' },
        ],
        default_location_id: null,
      });
      const before = await moneyState();
      const payload = { subscription_id: seriesId, token: '4444-12-2030', amount: '7.00' };
      const unchosen = await chargeNow(payload, randomUUID(), twoLocationUser);
      expect(unchosen.statusCode).toBe(422);
      expect(errorOf(unchosen.body)).toEqual({
        code: SubscriptionErrorCode.LocationRequired,
        message: 'Please select one of your locations.',
      });
      const foreign = await chargeNow(
        { ...payload, location_id: location.east },
        randomUUID(),
        twoLocationUser,
      );
      expect(foreign.statusCode).toBe(422);
      expect(errorOf(foreign.body)).toEqual({
        code: SubscriptionErrorCode.LocationNotValid,
        message: 'This location is not one of yours at this merchant.',
      });
      expect(await moneyState()).toEqual(before);
      const chosen = await chargeNow(
        { ...payload, location_id: location.south },
        randomUUID(),
        twoLocationUser,
      );
      expect(chosen.statusCode).toBe(200);
      expect(await recordedLocation(chosen)).toEqual({ subEntityId: location.south, name: 'South Counter' });
    });

    it("takes the series' location when the user reaches it, else the user's only one", async () => {
      const seriesId = await seriesAt(location.south);
      const payload = { subscription_id: seriesId, token: '4444-12-2030', amount: '7.00' };
      expect((await chargeLocations(seriesId, twoLocationUser)).default_location_id).toBe(location.south);
      const atSeries = await chargeNow(payload, randomUUID(), twoLocationUser);
      expect(atSeries.statusCode).toBe(200);
      expect(await recordedLocation(atSeries)).toEqual({
        subEntityId: location.south,
        name: 'South Counter',
      });
      // South is not the one-location user's: their own North.
      const atOwn = await chargeNow(payload, randomUUID(), oneLocationUser);
      expect(atOwn.statusCode).toBe(200);
      expect(await recordedLocation(atOwn)).toEqual({ subEntityId: location.north, name: 'North Counter' });
      // A user who reaches every location keeps the series' location, and is offered no choice.
      expect(await chargeLocations(seriesId, demo.owner)).toEqual({
        locations: [],
        default_location_id: location.south,
      });
      const byOwner = await chargeNow(payload, randomUUID(), demo.owner);
      expect(byOwner.statusCode).toBe(200);
      expect(await recordedLocation(byOwner)).toEqual({ subEntityId: location.south, name: 'South Counter' });
    });

    it('gives a series made before it kept a location the location of its first charge (migration 0018)', async () => {
      const older = await seriesAt(location.south);
      const unlocated = await seriesAt(null);
      await ctx.app.db
        .update(subscriptions)
        .set({ subEntityId: null })
        .where(inArray(subscriptions.id, [older, unlocated]));
      const migration = await readFile(
        fileURLToPath(new URL('../../../drizzle/0018_series_location_backfill.sql', import.meta.url)),
        'utf8',
      );
      await ctx.app.db.execute(sql.raw(migration));
      expect((await seriesRow(older)).subEntityId).toBe(location.south);
      expect((await seriesRow(unlocated)).subEntityId).toBeNull();
      expect((await chargeLocations(older, demo.owner)).default_location_id).toBe(location.south);
    });
  });
});

describe('public unsubscribe', () => {
  it('shows what the link cancels, cancels once, and refuses the replay with the same answer', async () => {
    const series = await buildSubscription(ctx.app.db, harbor, {
      amountCents: 1_999,
      email: 'cancels@customer.example',
    });
    const cancelId = await issueCancelToken(ctx.app.db, series.id);
    // Only the digest is stored, never the token itself.
    const stored = await ctx.app.db
      .select()
      .from(subscriptionCancelTokens)
      .where(eq(subscriptionCancelTokens.subscriptionId, series.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(cancelId);
    expect(cancelId).not.toContain(series.id);

    const summary = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${cancelId}` });
    expect(summary.statusCode).toBe(200);
    expect(JSON.parse(summary.body).message).toEqual({
      merchant_name: 'Harbor Lane Coffee Roasters',
      amount: '19.99',
      end_reason: null,
    });

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { cancelId, reason: 'Too expensive' },
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).message.text).toBe('You successfully unsubscribed from service');
    expect(await seriesRow(series.id)).toMatchObject({
      isActive: false,
      endReason: SubscriptionEndReasonText.CancelledByCustomer,
      nextChargeDate: null,
    });
    expect((await eventsOf(series.id)).map((event) => event.type)).toEqual(['subscription.ended']);
    const [confirmation] = await mailsAbout('cancels@customer.example', 'has ended');
    expect(confirmation?.body).toContain(`Reason: ${SubscriptionEndReasonText.CancelledByCustomer}`);

    // Reactivated by the merchant, the series is not ended again by the same link.
    await callAs(ctx.app, demo.owner, 'PATCH', '/api/subscription/reactivate', {
      subscription_id: series.id,
      next: today,
    });
    const before = await stateOf(series.id);
    const replay = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { cancelId } });
    expect(replay.statusCode).toBe(404);
    expect(errorOf(replay.body)).toEqual({
      code: SubscriptionErrorCode.CancelLinkNotValid,
      message: SubscriptionText.CancelLinkNotValid,
    });
    expect(await stateOf(series.id)).toEqual(before);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${cancelId}` })).statusCode).toBe(
      404,
    );
  });

  it('answers a forged token, or the series id itself, the same way and changes nothing', async () => {
    const series = await buildSubscription(ctx.app.db, harbor);
    await issueCancelToken(ctx.app.db, series.id);
    const before = await stateOf(series.id);
    for (const cancelId of [series.id, 'A'.repeat(43), `${series.id}+Harbor+25.00`]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { cancelId } });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.body).message).toBe(SubscriptionText.CancelLinkNotValid);
    }
    expect(await stateOf(series.id)).toEqual(before);
  });

  it('keeps the token usable when the series had already ended, and the card says why', async () => {
    const series = await buildSubscription(ctx.app.db, harbor, {
      isActive: false,
      nextChargeDate: null,
      endReason: 'Completed',
    });
    const cancelId = await issueCancelToken(ctx.app.db, series.id);
    const summary = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${cancelId}` });
    expect(JSON.parse(summary.body).message).toMatchObject({ end_reason: 'Completed' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { cancelId } });
    expect(res.statusCode).toBe(409);
    const [token] = await ctx.app.db
      .select()
      .from(subscriptionCancelTokens)
      .where(eq(subscriptionCancelTokens.subscriptionId, series.id));
    expect(token?.usedAt).toBeNull();
  });
});

describe('public unsubscribe rate limit', () => {
  it('refuses the calls of one address beyond the per-minute limit (429)', async () => {
    const limited = await buildTestApp({ authRateLimitPerMinute: 3 }, { now: () => now });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/unsubscribe',
          payload: { cancelId: `forged-${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('an override of the next charge, charged by the scheduler', () => {
  it('charges the overridden amount once; the following cycle is back at the series amount', async () => {
    const merchant = (await buildClient(ctx.app.db, { name: 'Override Bakery' })).id;
    await ctx.app.db.insert(clientConfigs).values({ clientId: merchant, payment: 'fis', ach: 'xpress' });
    const series = await buildSubscription(ctx.app.db, merchant, {
      startDate: '2026-05-15',
      nextChargeDate: today,
      cyclesCompleted: 1,
    });
    const res = await callAs(ctx.app, demo.admin, 'PATCH', '/api/subscription/override', {
      subscription_id: series.id,
      amount: '12.34',
    });
    expect(res.statusCode).toBe(200);

    const summary = await runSubscriptionCharges({
      db: ctx.app.db,
      gateway: ctx.app.chargeGateway,
      mail: ctx.app.mail,
      now: () => now,
      publicUrl: 'https://portal.example',
    });
    expect(summary.charged).toBeGreaterThanOrEqual(1);
    const charged = await ctx.app.db
      .select({ id: transactions.id, amountCents: transactions.amountCents })
      .from(transactions)
      .where(eq(transactions.clientId, merchant));
    expect(charged).toEqual([{ id: expect.any(String), amountCents: 1_234 }]);
    const cycles = (await chargeRows(series.id)).sort((a, b) => a.scheduledFor.localeCompare(b.scheduledFor));
    expect(cycles.map((c) => [c.scheduledFor, c.amountCents, c.status, c.transactionId])).toEqual([
      [today, 1_234, 'succeeded', charged[0]?.id],
      ['2026-07-15', 2_500, 'scheduled', null],
    ]);
    expect(await seriesRow(series.id)).toMatchObject({ amountCents: 2_500, nextChargeDate: '2026-07-15' });
    // One 'charged' event naming the payment and the amount charged; the series goes on.
    const events = await eventsOf(series.id);
    expect(events.map((event) => event.type)).toEqual(['subscription.charged']);
    expect(events[0]?.payload).toMatchObject({
      data: {
        object: {
          payment_id: charged[0]?.id,
          charged_amount: '12.34',
          scheduled_for: today,
          status: 'active',
          next_charge_date: '2026-07-15',
        },
      },
    });
  });
});
