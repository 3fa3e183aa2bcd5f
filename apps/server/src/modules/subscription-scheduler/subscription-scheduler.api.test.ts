import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { buildClient } from '../../../test/factories';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { clientConfigs, clients } from '../../db/schema/clients';
import { jobRuns } from '../../db/schema/jobs';
import { paymentAttempts } from '../../db/schema/payment-attempts';
import { sandboxProcessorLedger } from '../../db/schema/sandbox-processor';
import { subscriptionCharges, subscriptions } from '../../db/schema/subscriptions';
import { transactions } from '../../db/schema/transactions';
import type { ChargeGateway } from '../../integrations/processors/processor-gateway';
import { sandboxDeclineReason } from '../../integrations/processors/sandbox-processor';
import { findUnusedCancelToken } from './cancel-token';
import { subscriptionChargeJobName } from './subscription-scheduler.job';
import { runSubscriptionCharges, type SchedulerDeps } from './subscription-scheduler.service';

// The scheduler charges each due cycle once, through the sandbox processor
// and the money-attempt mechanism, on the merchant's date; declines follow the dunning schedule; the
// customer gets a receipt with a working unsubscribe link, or a notice.

const publicUrl = 'https://portal.example';
let clock = new Date('2026-01-31T15:00:00Z');
let smtp: SmtpPeer;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  ctx = await buildTestApp({ smtpUrl: smtp.url, publicUrl }, { now: () => clock });
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

function deps(gateway: ChargeGateway = ctx.app.chargeGateway): SchedulerDeps {
  return { db: ctx.app.db, gateway, mail: ctx.app.mail, now: () => clock, publicUrl };
}

const run = (gateway?: ChargeGateway) => runSubscriptionCharges(deps(gateway));

async function buildMerchant(overrides: Partial<typeof clients.$inferInsert> = {}) {
  const client = await buildClient(ctx.app.db, {
    name: `Corner Coffee ${randomUUID().slice(0, 4)}`,
    ...overrides,
  });
  await ctx.app.db.insert(clientConfigs).values({ clientId: client.id, payment: 'fis', ach: 'xpress' });
  return client;
}

async function buildSeries(clientId: string, overrides: Partial<typeof subscriptions.$inferInsert> = {}) {
  const [row] = await ctx.app.db
    .insert(subscriptions)
    .values({
      clientId,
      token: 'VISA-1111-12-2030',
      email: `payer-${randomUUID().slice(0, 8)}@example.com`,
      amountCents: 2500,
      interval: 'monthly',
      startDate: '2026-01-31',
      nextChargeDate: '2026-01-31',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

async function seriesOf(id: string) {
  const [row] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

function cyclesOf(id: string) {
  return ctx.app.db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, id))
    .orderBy(asc(subscriptionCharges.scheduledFor));
}

function transactionsOf(id: string) {
  return ctx.app.db
    .select()
    .from(transactions)
    .where(sql`${transactions.apiResponse}->>'subscription_id' = ${id}`)
    .orderBy(asc(transactions.createdAt));
}

// What the processor itself recorded for the series: one entry per try it was asked to make.
function ledgerOf(id: string) {
  return ctx.app.db
    .select({ outcome: sandboxProcessorLedger.outcome, amountCents: sandboxProcessorLedger.amountCents })
    .from(sandboxProcessorLedger)
    .innerJoin(paymentAttempts, sql`${paymentAttempts.id}::text = ${sandboxProcessorLedger.idempotencyKey}`)
    .where(sql`${paymentAttempts.context}->>'subscriptionId' = ${id}`)
    .orderBy(asc(sandboxProcessorLedger.createdAt));
}

function mailTo(email: string) {
  return smtp.received.filter((mail) => mail.to.includes(email));
}

const unsubscribeLink =
  /https:\/\/portal\.example\/app\/unsubscribe\/([A-Za-z0-9_-]+)\+([^+\s]+)\+(\d+\.\d{2})/;

describe('a due series', () => {
  it('is charged once on its date, with a receipt whose unsubscribe link works; a second run charges none', async () => {
    clock = new Date('2026-01-31T15:00:00Z');
    const merchant = await buildMerchant();
    const series = await buildSeries(merchant.id, { cycles: 3 });

    const first = await run();
    expect(first.charged).toBeGreaterThanOrEqual(1);
    expect(await seriesOf(series.id)).toMatchObject({
      isActive: true,
      cyclesCompleted: 1,
      // The 31st clamps to the last day of February.
      nextChargeDate: '2026-02-28',
    });
    const [charged] = await transactionsOf(series.id);
    expect(charged).toMatchObject({
      clientId: merchant.id,
      amountCents: 2500,
      status: 'Approved',
      paymentStatus: true,
      action: 'subscription',
      cardBrand: 'VISA',
      last4: '1111',
      token: 'VISA-1111-12-2030',
      processor: 'fis',
      customerEmail: series.email,
    });
    expect(await cyclesOf(series.id)).toMatchObject([
      { scheduledFor: '2026-01-31', status: 'succeeded', attempts: 1, transactionId: charged?.id },
      { scheduledFor: '2026-02-28', status: 'scheduled', attempts: 0, transactionId: null },
    ]);
    expect(await ledgerOf(series.id)).toEqual([{ outcome: 'approved', amountCents: 2500 }]);

    const second = await run();
    expect(second.charged).toBe(0);
    expect(await transactionsOf(series.id)).toHaveLength(1);
    expect(await ledgerOf(series.id)).toHaveLength(1);
    expect((await seriesOf(series.id))?.cyclesCompleted).toBe(1);

    // One receipt, naming only the card's brand and last four.
    const receipts = mailTo(series.email);
    expect(receipts).toHaveLength(1);
    const body = receipts[0]?.body ?? '';
    expect(body).toContain('Payment was successful.');
    expect(body).toContain('Amount: $25.00');
    expect(body).toContain('Payment method: VISA card ending in 1111');
    expect(body).toContain('Next charge: February 28, 2026');
    expect(body).not.toMatch(/\d{12,}/);
    expect(body).not.toContain('12-2030');
    const link = unsubscribeLink.exec(body);
    expect(link?.[2]).toBe(encodeURIComponent(merchant.name));
    expect(link?.[3]).toBe('25.00');
    // The link carries a cancel token of this series, not its id.
    expect(link?.[1]).not.toBe(series.id);
    const cancelId = link?.[1] ?? '';
    expect(await findUnusedCancelToken(ctx.app.db, cancelId)).toEqual({ subscriptionId: series.id });

    // The customer opens it: the card's question, then the cancellation; the token works once.
    const asked = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${cancelId}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toEqual({ merchant_name: merchant.name, amount: '25.00', end_reason: null });
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { cancelId },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await seriesOf(series.id)).toMatchObject({ isActive: false, endReason: 'Cancelled by customer' });
    const replayed = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { cancelId } });
    expect(replayed.statusCode).toBe(404);
    // Ended: its next date never comes.
    clock = new Date('2026-02-28T15:00:00Z');
    await run();
    expect(await ledgerOf(series.id)).toHaveLength(1);
  });

  it('falls due at the start of its date in the merchant zone (New York), not in UTC', async () => {
    const merchant = await buildMerchant();
    const series = await buildSeries(merchant.id, { startDate: '2026-02-10', nextChargeDate: '2026-02-10' });
    // 03:30 UTC on the 10th is still the evening of the 9th in New York.
    clock = new Date('2026-02-10T03:30:00Z');
    await run();
    expect(await ledgerOf(series.id)).toEqual([]);
    expect((await seriesOf(series.id))?.nextChargeDate).toBe('2026-02-10');
    clock = new Date('2026-02-10T05:30:00Z');
    await run();
    expect(await ledgerOf(series.id)).toHaveLength(1);
    expect((await seriesOf(series.id))?.nextChargeDate).toBe('2026-03-10');
  });

  it('returns to the 31st after February and ends "Completed" after its last cycle', async () => {
    const merchant = await buildMerchant();
    const series = await buildSeries(merchant.id, {
      cycles: 3,
      startDate: '2026-01-31',
      nextChargeDate: '2026-02-28',
      cyclesCompleted: 1,
    });
    clock = new Date('2026-02-28T14:00:00Z');
    await run();
    expect(await seriesOf(series.id)).toMatchObject({ nextChargeDate: '2026-03-31', cyclesCompleted: 2 });
    clock = new Date('2026-03-31T14:00:00Z');
    await run();
    expect(await seriesOf(series.id)).toMatchObject({
      isActive: false,
      nextChargeDate: null,
      cyclesCompleted: 3,
      endReason: 'Completed',
    });
    expect(await ledgerOf(series.id)).toHaveLength(2);
    const last = mailTo(series.email).at(-1)?.body ?? '';
    expect(last).toContain('This was the last charge of this subscription.');
    // Nothing left to cancel.
    expect(last).not.toMatch(unsubscribeLink);
  });

  it('is charged once when two runs take it at the same time', async () => {
    clock = new Date('2026-04-02T14:00:00Z');
    const merchant = await buildMerchant();
    const series = await buildSeries(merchant.id, { startDate: '2026-04-02', nextChargeDate: '2026-04-02' });
    const [a, b] = await Promise.all([run(), run()]);
    expect((a?.charged ?? 0) + (b?.charged ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await ledgerOf(series.id)).toHaveLength(1);
    expect(await transactionsOf(series.id)).toHaveLength(1);
    expect(await seriesOf(series.id)).toMatchObject({ cyclesCompleted: 1, nextChargeDate: '2026-05-02' });
    expect(mailTo(series.email)).toHaveLength(1);
  });

  it('reads the due series in batches and charges each once', async () => {
    clock = new Date('2026-04-04T14:00:00Z');
    const merchant = await buildMerchant();
    const batch = [];
    for (let i = 0; i < 5; i++) {
      batch.push(await buildSeries(merchant.id, { startDate: '2026-04-04', nextChargeDate: '2026-04-04' }));
    }
    const summary = await runSubscriptionCharges(
      { ...deps(), now: () => clock },
      { batchSize: 2, concurrency: 2 },
    );
    expect(summary.charged).toBeGreaterThanOrEqual(5);
    for (const series of batch) {
      expect(await ledgerOf(series.id)).toHaveLength(1);
      expect((await seriesOf(series.id))?.nextChargeDate).toBe('2026-05-04');
    }
  });

  it("settles a try the processor approved but the run never booked from the processor's record", async () => {
    clock = new Date('2026-04-03T14:00:00Z');
    const merchant = await buildMerchant();
    const series = await buildSeries(merchant.id, { startDate: '2026-04-03', nextChargeDate: '2026-04-03' });
    // The processor takes the money, then the connection drops: neither the answer nor a lookup
    // reaches the run, which leaves the attempt pending.
    const real = ctx.app.chargeGateway;
    const dropping: ChargeGateway = {
      ...real,
      charge: async (...args) => {
        await real.charge(...args);
        throw new Error('connection reset');
      },
      lookup: async () => {
        throw new Error('connection reset');
      },
    };
    const cut = await run(dropping);
    expect(cut.failed).toBeGreaterThanOrEqual(1);
    expect(await ledgerOf(series.id)).toEqual([{ outcome: 'approved', amountCents: 2500 }]);
    expect(await transactionsOf(series.id)).toEqual([]);
    const [pending] = await ctx.app.db
      .select({ state: paymentAttempts.state })
      .from(paymentAttempts)
      .where(sql`${paymentAttempts.context}->>'subscriptionId' = ${series.id}`);
    expect(pending?.state).toBe('pending');

    const next = await run();
    expect(next.reconciled).toBeGreaterThanOrEqual(1);
    expect(await ledgerOf(series.id)).toHaveLength(1);
    expect(await transactionsOf(series.id)).toHaveLength(1);
    expect(await seriesOf(series.id)).toMatchObject({ cyclesCompleted: 1, nextChargeDate: '2026-05-03' });
    expect(mailTo(series.email)).toHaveLength(1);
  });
});

describe('a declined series', () => {
  it('is tried again 3 and 7 days after its date, visible as failed, then ends "Payment failed 3 times"', async () => {
    clock = new Date('2026-04-10T14:00:00Z');
    const merchant = await buildMerchant();
    // The sandbox declines amounts ending in .13.
    const series = await buildSeries(merchant.id, {
      amountCents: 1013,
      startDate: '2026-04-10',
      nextChargeDate: '2026-04-10',
    });
    await run();
    expect(await cyclesOf(series.id)).toMatchObject([
      {
        scheduledFor: '2026-04-10',
        status: 'failed',
        attempts: 1,
        nextAttemptOn: '2026-04-13',
        failureReason: sandboxDeclineReason,
      },
    ]);
    expect(await seriesOf(series.id)).toMatchObject({ isActive: true, nextChargeDate: '2026-04-10' });
    expect(mailTo(series.email).at(-1)?.body).toContain('We will try again on April 13, 2026.');
    // The same day again: the retry is not due yet.
    await run();
    expect(await ledgerOf(series.id)).toHaveLength(1);

    clock = new Date('2026-04-13T14:00:00Z');
    await run();
    expect((await cyclesOf(series.id))[0]).toMatchObject({ attempts: 2, nextAttemptOn: '2026-04-17' });

    clock = new Date('2026-04-17T14:00:00Z');
    await run();
    expect((await cyclesOf(series.id))[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      nextAttemptOn: null,
    });
    expect(await seriesOf(series.id)).toMatchObject({
      isActive: false,
      nextChargeDate: null,
      endReason: 'Payment failed 3 times',
    });
    expect(await ledgerOf(series.id)).toEqual([
      { outcome: 'declined', amountCents: 1013 },
      { outcome: 'declined', amountCents: 1013 },
      { outcome: 'declined', amountCents: 1013 },
    ]);
    // Each declined try is a transaction of the merchant's, as the processor recorded it.
    expect((await transactionsOf(series.id)).map((row) => [row.status, row.paymentStatus])).toEqual([
      ['Declined', false],
      ['Declined', false],
      ['Declined', false],
    ]);
    const notices = mailTo(series.email);
    expect(notices).toHaveLength(3);
    expect(notices.every((mail) => mail.body.includes('Payment failed.'))).toBe(true);
    expect(notices[2]?.body).toContain('The subscription has ended (Payment failed 3 times).');
    expect(notices[2]?.body).not.toMatch(unsubscribeLink);

    clock = new Date('2026-04-30T14:00:00Z');
    await run();
    expect(await ledgerOf(series.id)).toHaveLength(3);
  });
});

describe('series the scheduler leaves alone', () => {
  it("does not charge a frozen merchant's series, nor end it; once unfrozen it is charged", async () => {
    clock = new Date('2026-05-05T14:00:00Z');
    const merchant = await buildMerchant({ isActive: false });
    const series = await buildSeries(merchant.id, { startDate: '2026-05-05', nextChargeDate: '2026-05-05' });
    await run();
    expect(await ledgerOf(series.id)).toEqual([]);
    expect(await seriesOf(series.id)).toMatchObject({
      isActive: true,
      nextChargeDate: '2026-05-05',
      endReason: null,
    });
    expect(await cyclesOf(series.id)).toEqual([]);

    await ctx.app.db.update(clients).set({ isActive: true }).where(eq(clients.id, merchant.id));
    await run();
    expect(await ledgerOf(series.id)).toHaveLength(1);
    expect(await seriesOf(series.id)).toMatchObject({ cyclesCompleted: 1, nextChargeDate: '2026-06-05' });
  });

  it('ends a series whose cycle is more than 30 days late instead of charging it', async () => {
    clock = new Date('2026-05-20T14:00:00Z');
    const merchant = await buildMerchant();
    const late = await buildSeries(merchant.id, { startDate: '2026-02-15', nextChargeDate: '2026-04-19' });
    // 30 days back exactly: still charged.
    const inTime = await buildSeries(merchant.id, { startDate: '2026-02-20', nextChargeDate: '2026-04-20' });
    const summary = await run();
    expect(summary.late).toBeGreaterThanOrEqual(1);
    expect(await ledgerOf(late.id)).toEqual([]);
    expect(await cyclesOf(late.id)).toMatchObject([{ scheduledFor: '2026-04-19', status: 'skipped' }]);
    expect(await seriesOf(late.id)).toMatchObject({
      isActive: false,
      nextChargeDate: null,
      cyclesCompleted: 0,
      endReason: 'Charge date missed',
    });
    expect(mailTo(late.email)).toEqual([]);
    expect(await ledgerOf(inTime.id)).toHaveLength(1);
    // One cycle per run: the backlog is caught up by the next run.
    expect((await seriesOf(inTime.id))?.nextChargeDate).toBe('2026-05-20');
    await run();
    expect(await ledgerOf(inTime.id)).toHaveLength(2);
    expect((await seriesOf(inTime.id))?.nextChargeDate).toBe('2026-06-20');
  });

  it('counts an expired card as a declined try without asking the processor', async () => {
    clock = new Date('2026-06-01T14:00:00Z');
    const merchant = await buildMerchant();
    const series = await buildSeries(merchant.id, {
      token: 'MC-4444-01-2026',
      startDate: '2026-06-01',
      nextChargeDate: '2026-06-01',
    });
    await run();
    expect(await ledgerOf(series.id)).toEqual([]);
    expect(await cyclesOf(series.id)).toMatchObject([
      { status: 'failed', attempts: 1, nextAttemptOn: '2026-06-04', failureReason: 'The card has expired' },
    ]);
    expect(mailTo(series.email).at(-1)?.body).toContain('Payment method: MC card ending in 4444');
  });
});

describe('the job', () => {
  it('runs on the job runner: a tick charges the due series and records the run', async () => {
    clock = new Date('2026-06-10T14:00:00Z');
    expect(ctx.app.jobs.names()).toContain(subscriptionChargeJobName);
    const merchant = await buildMerchant();
    const series = await buildSeries(merchant.id, { startDate: '2026-06-10', nextChargeDate: '2026-06-10' });
    await ctx.app.jobs.tick();
    expect(await ledgerOf(series.id)).toHaveLength(1);
    const [runRow] = await ctx.app.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.name, subscriptionChargeJobName), eq(jobRuns.runKey, '2026-06-10T14:00')));
    expect(runRow?.status).toBe('succeeded');
    // Series of the tests before fall due as well; this one is among the charged and receipted.
    expect(Number(runRow?.result?.charged)).toBeGreaterThanOrEqual(1);
    expect(runRow?.result?.charged).toBe(runRow?.result?.receipts);
    expect(mailTo(series.email)).toHaveLength(1);
  });
});
