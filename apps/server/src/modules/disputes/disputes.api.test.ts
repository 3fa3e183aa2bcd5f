import { addDays, DisputeText } from '@portico/contracts/disputes/dispute-rules';
import {
  type DisputeDetail,
  disputeResponse,
  disputeRowSchema,
  disputesResponse,
} from '@portico/contracts/disputes/disputes';
import { payoutLinesOfItem } from '@portico/contracts/statements/payout-lines';
import { reportPageResponse } from '@portico/contracts/transactions/report';
import { VoidRefundRefusalText } from '@portico/contracts/transactions/void-refund';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment } from '../../../test/factories';
import { dataUrlOf, samples } from '../../../test/sample-files';
import { clientPricing } from '../../db/schema/clients';
import { disputeEvents, disputes } from '../../db/schema/disputes';
import { payoutItems, payouts } from '../../db/schema/settlements';
import { auditLog } from '../../db/schema/system';
import { transactions } from '../../db/schema/transactions';
import { webhookEvents } from '../../db/schema/webhooks';
import { postPayouts } from '../statements/statements.service';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
// The app's clock, moved by the tests: the sandbox decides by it.
let clock = new Date('2026-03-10T12:00:00.000Z');
let harbor = '';
let feedSaleId = '';
let feedDispute: DisputeDetail;
const chargebackFeeCents = 2_500;

async function tickJobs() {
  await ctx.app.jobs.tick();
}

async function disputeAs(email: string, id: string) {
  const res = await callAs(ctx.app, email, 'GET', `/api/disputes/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return disputeResponse.parse(res.json()).message;
}

function evidenceBody(kind: string, bytes: Buffer, fileName: string, extension: string) {
  return { kind, extension, file_name: fileName, contents: dataUrlOf(bytes, 'application/pdf') };
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true, now: () => clock });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  await ctx.app.db
    .update(clientPricing)
    .set({ chargebackFeeCents })
    .where(eq(clientPricing.clientId, harbor));
  // The sandbox starts looking from its first poll: sales before it are never disputed.
  await tickJobs();
  // A settled card sale of 100.66 a day later: the sandbox disputes it 3 days after the sale.
  feedSaleId = await buildCardPayment(ctx.app.db, {
    clientId: harbor,
    createdAt: new Date('2026-03-11T09:00:00.000Z'),
    amountCents: 10_066,
    feeCents: 322,
    settlementDate: '2026-03-12',
    customerFirstName: 'Dana',
    customerLastName: 'Reyes',
  });
  clock = new Date('2026-03-14T10:00:00.000Z');
  await tickJobs();
  const [row] = await ctx.app.db.select().from(disputes).where(eq(disputes.transactionId, feedSaleId));
  if (!row) throw new Error('the sandbox did not dispute the .66 sale');
  feedDispute = await disputeAs(demo.owner, row.id);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the sandbox processor opens a dispute on a settled card sale ending in .66', () => {
  it('is a chargeback (credit not processed: 100 dollars picks it) that needs a response within 20 days', () => {
    expect(feedDispute.status).toBe('needs_response');
    expect(feedDispute.category).toBe('credit_not_processed');
    expect(feedDispute.reason_code).toBe('13.6');
    expect(feedDispute.amount).toBe('-100.66');
    expect(feedDispute.customer).toBe('Dana Reyes');
    expect(feedDispute.card_brand).toBe('VISA');
    expect(feedDispute.last4).toBe('1111');
    expect(feedDispute.respond_by).toBe(addDays(new Date('2026-03-14T09:00:00.000Z'), 20).toISOString());
    expect(feedDispute.reason_explained).toBe(
      'The cardholder says they were promised a refund or credit that never arrived.',
    );
    expect(feedDispute.helpful_evidence).toEqual(['refund_policy', 'customer_communication', 'receipt']);
    expect(feedDispute.events.map((e) => e.kind)).toEqual(['chargeback_opened']);
  });

  it('records each event once and moves the money once, however often the feed is polled', async () => {
    clock = new Date(clock.getTime() + 10 * 60_000);
    await tickJobs();
    await ctx.app.jobs.runNow('disputes.poll');
    const events = await ctx.app.db
      .select()
      .from(disputeEvents)
      .where(eq(disputeEvents.disputeId, feedDispute.id));
    expect(events).toHaveLength(1);
    const reversals = await ctx.app.db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.originalTransactionId, feedSaleId), eq(transactions.actionMode, 'reversal')),
      );
    expect(reversals).toHaveLength(1);
    expect(reversals[0]?.amountCents).toBe(10_066);
    expect(reversals[0]?.feeCents).toBe(chargebackFeeCents);
  });

  it("takes the amount and the chargeback fee from the merchant's next payout, as two lines", async () => {
    await postPayouts(ctx.app.db, '2026-03-14', clock);
    const items = await ctx.app.db
      .select({ kind: payoutItems.kind, auth: payoutItems.authAmountCents, net: payoutItems.netAmountCents })
      .from(payoutItems)
      .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
      .where(and(eq(payouts.clientId, harbor), eq(payouts.payoutDate, '2026-03-14')));
    expect(items).toEqual([{ kind: 'chargeback', auth: 10_066, net: -12_566 }]);
    const item = items[0];
    if (!item) throw new Error('no item');
    expect(
      payoutLinesOfItem({ kind: item.kind, authAmountCents: item.auth, netAmountCents: item.net }),
    ).toEqual([
      { kind: 'chargeback', amountCents: -10_066 },
      { kind: 'fee', amountCents: -2_500 },
    ]);
  });

  it("refuses a refund of the disputed payment with 'This payment is disputed' and moves nothing", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/refund',
      headers: {
        cookie: await sessionCookieFor(ctx.app.db, demo.owner),
        'idempotency-key': 'dispute-refund-1',
      },
      payload: { id: feedSaleId },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.message).toBe('This payment is disputed');
    expect(VoidRefundRefusalText.disputed).toBe(DisputeText.Disputed);
    const refunds = await ctx.app.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.originalTransactionId, feedSaleId), eq(transactions.type, 'refund')));
    expect(refunds).toHaveLength(0);
  });

  it("marks the sale disputed in the report's rows, so neither Void nor Refund is offered there", async () => {
    const res = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      '/api/v1/report?start=2026-03-11&end=2026-03-11&size=100',
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = reportPageResponse.parse(res.json()).message;
    const sale = rows.find(([, transaction]) => transaction.id === feedSaleId)?.[1];
    expect(sale?.is_disputed).toBe(true);
    expect(rows.filter(([, transaction]) => transaction.is_disputed === true)).toHaveLength(1);
  });
});

describe('who sees a dispute', () => {
  it("lists the merchant's dispute to its owner, with the amount signed", async () => {
    const res = await callAs(ctx.app, demo.owner, 'GET', '/api/disputes');
    expect(res.statusCode, res.body).toBe(200);
    const rows = disputesResponse.parse(res.json()).message;
    expect(rows.map((r) => r.id)).toContain(feedDispute.id);
    expect(rows.find((r) => r.id === feedDispute.id)?.amount).toBe('-100.66');
  });

  it("writes each grid row (JSON made by the database) as the dispute's own page has it", async () => {
    const res = await callAs(ctx.app, demo.admin, 'GET', '/api/disputes');
    expect(res.statusCode, res.body).toBe(200);
    const rows = disputesResponse.parse(res.json()).message;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const detail = await disputeAs(demo.admin, row.id);
      const fields = Object.fromEntries(
        Object.keys(row).map((key) => [key, detail[key as keyof typeof detail]]),
      );
      expect(row).toEqual(fields);
      expect(Object.keys(row).sort()).toEqual(Object.keys(disputeRowSchema.shape).sort());
    }
  });

  it("never shows another merchant's dispute, in the list or by its id", async () => {
    const res = await callAs(ctx.app, demo.copperOwner, 'GET', '/api/disputes');
    expect(res.statusCode, res.body).toBe(200);
    expect(disputesResponse.parse(res.json()).message.map((r) => r.id)).not.toContain(feedDispute.id);
    const one = await callAs(ctx.app, demo.copperOwner, 'GET', `/api/disputes/${feedDispute.id}`);
    expect(one.statusCode).toBe(403);
    const answer = await callAs(
      ctx.app,
      demo.copperOwner,
      'POST',
      `/api/disputes/${feedDispute.id}/accept`,
      {},
    );
    expect(answer.statusCode).toBe(403);
    expect((await disputeAs(demo.owner, feedDispute.id)).status).toBe('needs_response');
  });

  it('shows every dispute to staff, and a parent those of its hierarchy', async () => {
    const admin = await callAs(ctx.app, demo.admin, 'GET', '/api/disputes');
    expect(disputesResponse.parse(admin.json()).message.map((r) => r.id)).toContain(feedDispute.id);
    const reseller = await callAs(ctx.app, demo.reseller, 'GET', '/api/disputes');
    expect(reseller.statusCode, reseller.body).toBe(200);
  });

  it('refuses the staff-only Simulate dispute to a merchant', async () => {
    const res = await callAs(ctx.app, demo.owner, 'POST', '/api/disputes/simulate', {
      transaction_id: feedSaleId,
      category: 'fraud',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('responding', () => {
  it('refuses evidence of a refused type or content and stores nothing', async () => {
    const exe = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      `/api/disputes/${feedDispute.id}/evidence`,
      evidenceBody('receipt', samples.exe, 'receipt.exe', 'exe'),
    );
    expect(exe.statusCode).toBe(415);
    const fake = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      `/api/disputes/${feedDispute.id}/evidence`,
      evidenceBody('receipt', samples.exe, 'receipt.pdf', 'pdf'),
    );
    expect(fake.statusCode).toBe(415);
    expect((await disputeAs(demo.owner, feedDispute.id)).evidence).toHaveLength(0);
  });

  it('refuses evidence over 10 MB', async () => {
    const big = Buffer.concat([samples.pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      `/api/disputes/${feedDispute.id}/evidence`,
      evidenceBody('receipt', big, 'receipt.pdf', 'pdf'),
    );
    expect(res.statusCode).toBe(413);
    expect((await disputeAs(demo.owner, feedDispute.id)).evidence).toHaveLength(0);
  });

  it('saves a draft, takes a delivery proof, submits, seals the evidence and audits each step', async () => {
    const draft = await callAs(ctx.app, demo.owner, 'PUT', `/api/disputes/${feedDispute.id}/draft`, {
      explanation: 'The customer collected the order in person.',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const upload = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      `/api/disputes/${feedDispute.id}/evidence`,
      evidenceBody('proof_of_delivery', samples.pdf, 'signed-delivery.pdf', 'pdf'),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const submit = await callAs(ctx.app, demo.owner, 'POST', `/api/disputes/${feedDispute.id}/submit`, {});
    expect(submit.statusCode, submit.body).toBe(200);
    const after = disputeResponse.parse(submit.json()).message;
    expect(after.status).toBe('under_review');
    expect(after.explanation).toBe('The customer collected the order in person.');
    expect(after.evidence.map((e) => e.kind)).toEqual(['proof_of_delivery']);

    const again = await callAs(ctx.app, demo.owner, 'POST', `/api/disputes/${feedDispute.id}/submit`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(DisputeText.AlreadySubmitted);
    const sealed = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      `/api/disputes/${feedDispute.id}/evidence`,
      evidenceBody('receipt', samples.pdf, 'receipt.pdf', 'pdf'),
    );
    expect(sealed.statusCode).toBe(409);
    expect((await disputeAs(demo.owner, feedDispute.id)).evidence).toHaveLength(1);

    const audits = await ctx.app.db
      .select({ action: auditLog.action, outcome: auditLog.outcome })
      .from(auditLog)
      .where(eq(auditLog.targetId, feedDispute.id));
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'dispute.draft', outcome: 'success' },
        { action: 'dispute.evidence_upload', outcome: 'success' },
        { action: 'dispute.evidence_upload', outcome: 'failure' },
        { action: 'dispute.submit', outcome: 'success' },
        { action: 'dispute.submit', outcome: 'failure' },
      ]),
    );
  });

  it('is won 2 days later with a delivery proof: the amount comes back, the fee stays', async () => {
    clock = addDays(clock, 2);
    await tickJobs();
    const won = await disputeAs(demo.owner, feedDispute.id);
    expect(won.status).toBe('won');
    expect(won.events.map((e) => e.kind)).toEqual(['chargeback_opened', 'evidence_submitted', 'won']);
    const money = await ctx.app.db
      .select({ amount: transactions.amountCents, fee: transactions.feeCents })
      .from(transactions)
      .where(and(eq(transactions.originalTransactionId, feedSaleId), eq(transactions.actionMode, 'reversal')))
      .orderBy(transactions.createdAt);
    expect(money).toEqual([
      { amount: 10_066, fee: chargebackFeeCents },
      { amount: -10_066, fee: 0 },
    ]);
    const accept = await callAs(ctx.app, demo.owner, 'POST', `/api/disputes/${feedDispute.id}/accept`, {});
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe(DisputeText.AlreadyDecided);
  });
});

describe('simulated disputes, acceptance and expiry', () => {
  async function simulate(amountCents: number, category: string): Promise<DisputeDetail> {
    const saleId = await buildCardPayment(ctx.app.db, {
      clientId: harbor,
      createdAt: addDays(clock, -2),
      amountCents,
      settlementDate: addDays(clock, -1).toISOString().slice(0, 10),
    });
    const res = await callAs(ctx.app, demo.admin, 'POST', '/api/disputes/simulate', {
      transaction_id: saleId,
      category,
    });
    expect(res.statusCode, res.body).toBe(200);
    return disputeResponse.parse(res.json()).message;
  }

  async function webhookEventsOf(disputeId: string) {
    const rows = await ctx.app.db
      .select({ type: webhookEvents.type, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.objectType, 'dispute'), eq(webhookEvents.objectId, disputeId)))
      .orderBy(webhookEvents.createdAt);
    return rows.map((row) => [
      row.type,
      (row.payload as { data: { object: { status: string } } }).data.object.status,
    ]);
  }

  it('tells webhooks once per change: opened as an inquiry, updated by its chargeback, closed when accepted', async () => {
    const inquiry = await simulate(4_400, 'fraud');
    clock = addDays(clock, 7);
    await tickJobs();
    await tickJobs();
    const accept = await callAs(ctx.app, demo.owner, 'POST', `/api/disputes/${inquiry.id}/accept`, {});
    expect(accept.statusCode, accept.body).toBe(200);
    expect(await webhookEventsOf(inquiry.id)).toEqual([
      ['dispute.created', 'inquiry'],
      ['dispute.updated', 'needs_response'],
      ['dispute.closed', 'accepted'],
    ]);
  });

  it('opens a fraud dispute as an inquiry first, with no money moved until the chargeback', async () => {
    const inquiry = await simulate(4_200, 'fraud');
    expect(inquiry.status).toBe('inquiry');
    const moved = await ctx.app.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.originalTransactionId, inquiry.transaction_id));
    expect(moved).toEqual([]);
    clock = addDays(clock, 7);
    await tickJobs();
    expect((await disputeAs(demo.owner, inquiry.id)).status).toBe('needs_response');
  });

  it('accepts a dispute once, and refuses a simulation of a sale already disputed', async () => {
    const dispute = await simulate(7_000, 'duplicate');
    const accept = await callAs(ctx.app, demo.owner, 'POST', `/api/disputes/${dispute.id}/accept`, {});
    expect(accept.statusCode, accept.body).toBe(200);
    expect(disputeResponse.parse(accept.json()).message.status).toBe('accepted');
    const twice = await callAs(ctx.app, demo.admin, 'POST', '/api/disputes/simulate', {
      transaction_id: dispute.transaction_id,
      category: 'fraud',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses an answer after the respond-by date, then expires the dispute as lost', async () => {
    const dispute = await simulate(5_500, 'not_received');
    clock = addDays(clock, 21);
    const late = await callAs(ctx.app, demo.owner, 'PUT', `/api/disputes/${dispute.id}/draft`, {
      explanation: 'Too late',
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.message).toBe(DisputeText.PastDeadline);
    await tickJobs();
    const expired = await disputeAs(demo.owner, dispute.id);
    expect(expired.status).toBe('expired');
    expect(expired.explanation).toBe('');
  });
});
