import { BillingErrorCode, BillingText } from '@portico/contracts/billing/billing';
import { FlatFeeLineType } from '@portico/contracts/statements/statement-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment, buildClient } from '../../../test/factories';
import { billingLineItems, monthlyBilling } from '../../db/schema/billing';
import { clientBankAccounts, clientPricing, clients } from '../../db/schema/clients';
import { jobRuns } from '../../db/schema/jobs';
import { paymentAttempts } from '../../db/schema/payment-attempts';
import { sandboxProcessorLedger } from '../../db/schema/sandbox-processor';
import { statementLines, statements } from '../../db/schema/statements';
import { auditLog } from '../../db/schema/system';
import { postStatements } from '../statements/statements.service';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let now = new Date('2026-11-20T12:00:00Z');
let harbor = '';
let copper = '';

async function giveBillingFacts(clientId: string, monthlyFeeCents: number, monthlyMinCents: number) {
  const db = ctx.app.db;
  await db
    .insert(clientPricing)
    .values({ clientId, monthlyFeeCents, monthlyMinCents })
    .onConflictDoUpdate({ target: clientPricing.clientId, set: { monthlyFeeCents, monthlyMinCents } });
  await db
    .insert(clientBankAccounts)
    .values({
      clientId,
      accountNumberEnc: 'sealed',
      accountNumberLast4: '6789',
      routingNumberEnc: 'sealed',
      routingNumberLast4: '0021',
    })
    .onConflictDoNothing();
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true, now: () => now });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
  await giveBillingFacts(harbor, 995, 2_500);
  await giveBillingFacts(copper, 1_500, 0);
  // The demo seed switches monthly billing on for some merchants; these tests decide for Copper.
  await ctx.app.db.update(clients).set({ isMonthlyBillingEnabled: false }).where(eq(clients.id, copper));
});
afterAll(async () => {
  await ctx.close();
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  callAs(ctx.app, demo.admin, method, url, payload);

async function billOf(clientId: string, month: string) {
  const [row] = await ctx.app.db
    .select()
    .from(billingLineItems)
    .innerJoin(monthlyBilling, eq(monthlyBilling.id, billingLineItems.monthlyBillingId))
    .where(and(eq(billingLineItems.clientId, clientId), eq(monthlyBilling.month, `${month}-01`)));
  if (!row) throw new Error(`no bill of ${clientId} for ${month}`);
  return row.billing_line_items;
}

describe('monthly billing switch', () => {
  it('is switched on by PUT and off by DELETE, by staff only', async () => {
    const on = await admin('PUT', `/api/monthly-billing/merchants/${harbor}`);
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toEqual({ id: harbor, is_monthly_billing_enabled: true });
    const off = await admin('DELETE', `/api/monthly-billing/merchants/${harbor}`);
    expect(off.json().message.is_monthly_billing_enabled).toBe(false);
    const [row] = await ctx.app.db.select().from(clients).where(eq(clients.id, harbor));
    expect(row?.isMonthlyBillingEnabled).toBe(false);

    expect(
      (await callAs(ctx.app, demo.owner, 'PUT', `/api/monthly-billing/merchants/${harbor}`)).statusCode,
    ).toBe(403);
    expect((await callAs(ctx.app, demo.owner, 'GET', '/api/monthly-billing/merchants')).statusCode).toBe(403);
    const missing = await admin('PUT', '/api/monthly-billing/merchants/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, harbor));
    expect(audit.filter((entry) => entry.action === 'account.edit')).toHaveLength(2);
  });

  it('lists every merchant with its switch and fees on the Configuration tab', async () => {
    await admin('PUT', `/api/monthly-billing/merchants/${harbor}`);
    const res = await admin('GET', '/api/monthly-billing/merchants');
    expect(res.statusCode).toBe(200);
    const row = res.json().message.find((r: { id: string }) => r.id === harbor);
    expect(row).toMatchObject({
      monthly_fee: '9.95',
      monthly_minimum: '25.00',
      is_monthly_billing_enabled: true,
    });
  });
});

describe('POST /api/monthly-billing/merchants/{id}/merchant-bills', () => {
  it("creates a month's bill once; a second call creates nothing", async () => {
    await admin('PUT', `/api/monthly-billing/merchants/${harbor}`);
    const url = `/api/monthly-billing/merchants/${harbor}/merchant-bills`;
    const first = await admin('POST', url, { month: '2026-08' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toMatchObject({
      merchant_id: harbor,
      month: '2026-08',
      transaction_count: 0,
      is_transacting_in_month: false,
      monthly_fee: '9.95',
      monthly_minimum: '25.00',
      is_month_paid: false,
      is_monthly_billing_enabled: true,
    });
    // No transactions that month: the bill asks for the fee and the whole minimum.
    expect((await billOf(harbor, '2026-08')).totalCents).toBe(3_495);

    const second = await admin('POST', url, { month: '2026-08' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe(BillingErrorCode.MonthAlreadyBilled);
    const rows = await ctx.app.db.select().from(monthlyBilling).where(eq(monthlyBilling.clientId, harbor));
    expect(rows.filter((r) => r.month === '2026-08-01')).toHaveLength(1);
    const list = await admin('GET', '/api/monthly-billing');
    expect(list.json().message.filter((r: { month: string }) => r.month === '2026-08')).toHaveLength(1);
  });

  it('asks nothing of a month in which the merchant transacted (its statement took the fees)', async () => {
    await buildCardPayment(ctx.app.db, {
      clientId: harbor,
      createdAt: new Date('2026-07-14T15:00:00Z'),
      amountCents: 12_000,
      feeCents: 380,
    });
    const res = await admin('POST', `/api/monthly-billing/merchants/${harbor}/merchant-bills`, {
      month: '2026-07',
    });
    expect(res.json().message).toMatchObject({
      transaction_count: 1,
      is_transacting_in_month: true,
      total_transaction_amount: '120.00',
      last_transaction_date_in_month: '2026-07-14',
      is_month_paid: true,
    });
    const lineItems = await ctx.app.db
      .select()
      .from(billingLineItems)
      .where(eq(billingLineItems.clientId, harbor));
    expect(lineItems.filter((item) => item.detailDescription.includes('2026-07'))).toHaveLength(0);
  });

  it('asks nothing of a month whose only transaction is a returned ACH item: its statement took the fees', async () => {
    await admin('PUT', `/api/monthly-billing/merchants/${harbor}`);
    // Failed at the processor but returned: the statement counts it (the 25.00 return adjustment).
    await buildCardPayment(ctx.app.db, {
      clientId: harbor,
      createdAt: new Date('2026-06-09T15:00:00Z'),
      type: 'ach',
      paymentMethod: 'check',
      cardBrand: null,
      actionMode: 'debit',
      paymentStatus: false,
      proPayStatus: 'ACHInReturned',
    });
    expect(await postStatements(ctx.app.db, '2026-06', now)).toBeGreaterThan(0);
    const [statement] = await ctx.app.db
      .select({ id: statements.id })
      .from(statements)
      .where(and(eq(statements.clientId, harbor), eq(statements.month, '2026-06-01')));
    if (!statement) throw new Error('no statement of 2026-06');
    const lines = await ctx.app.db
      .select()
      .from(statementLines)
      .where(eq(statementLines.statementId, statement.id));
    expect(lines.find((line) => line.type === FlatFeeLineType.MonthlyFee)?.flatFeeCents).toBe(995);

    const res = await admin('POST', `/api/monthly-billing/merchants/${harbor}/merchant-bills`, {
      month: '2026-06',
    });
    expect(res.json().message).toMatchObject({
      transaction_count: 1,
      is_transacting_in_month: true,
      is_month_paid: true,
    });
    const lineItems = await ctx.app.db
      .select()
      .from(billingLineItems)
      .where(eq(billingLineItems.clientId, harbor));
    expect(lineItems.filter((item) => item.detailDescription.includes('2026-06'))).toHaveLength(0);
  });

  it('refuses a malformed month, a month not over yet, and a merchant with monthly billing off', async () => {
    const url = `/api/monthly-billing/merchants/${harbor}/merchant-bills`;
    const malformed = await admin('POST', url, { month: '2026-13' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe(BillingErrorCode.MonthMalformed);
    const running = await admin('POST', url, { month: '2026-11' });
    expect(running.statusCode).toBe(422);
    expect(running.json().error).toMatchObject({
      code: BillingErrorCode.MonthInFuture,
      message: BillingText.MonthInFuture,
    });
    expect((await admin('POST', url, { month: '2027-01' })).statusCode).toBe(422);
    expect((await admin('POST', url, { month: '2026-06', extra: 1 })).statusCode).toBe(400);
    const off = await admin('POST', `/api/monthly-billing/merchants/${copper}/merchant-bills`, {
      month: '2026-06',
    });
    expect(off.statusCode).toBe(422);
    expect(off.json().error.message).toBe(BillingText.MerchantNotEnabled);
    const copperBills = await ctx.app.db
      .select()
      .from(monthlyBilling)
      .where(and(eq(monthlyBilling.clientId, copper), eq(monthlyBilling.month, '2026-06-01')));
    expect(copperBills).toHaveLength(0);
  });
});

describe('GET /api/billing', () => {
  it("shows staff every bill, and a merchant only its own (another merchant's: 403)", async () => {
    const staff = await admin('GET', '/api/billing');
    expect(staff.statusCode).toBe(200);
    const august = staff
      .json()
      .message.bill_details.find(
        (row: { detail_description: string }) => row.detail_description === 'Monthly billing 2026-08',
      );
    expect(august).toMatchObject({
      merchant_id: harbor,
      r_total: '34.95',
      statement_date: '2026-08-31',
      state: 'payable',
    });

    const own = await callAs(ctx.app, demo.owner, 'GET', '/api/billing');
    expect(own.statusCode).toBe(200);
    const merchants = new Set(
      own.json().message.bill_details.map((row: { merchant_id: string }) => row.merchant_id),
    );
    expect([...merchants]).toEqual([harbor]);
    const rolling = own.json().message.rolling_billing;
    expect(rolling.every((row: { merchant_id: string }) => row.merchant_id === harbor)).toBe(true);

    const other = await callAs(ctx.app, demo.copperOwner, 'GET', '/api/billing');
    expect(
      other.json().message.bill_details.every((row: { merchant_id: string }) => row.merchant_id === copper),
    ).toBe(true);
    const foreign = await callAs(ctx.app, demo.copperOwner, 'GET', `/api/billing?merchant_id=${harbor}`);
    expect(foreign.statusCode).toBe(403);
  });

  it('shows the card sales and fees of the last 30 central processing days as rolling billing', async () => {
    await buildCardPayment(ctx.app.db, {
      clientId: copper,
      createdAt: new Date('2026-11-16T15:00:00Z'),
      settlementDate: '2026-11-17',
      amountCents: 5_000,
      feeCents: 175,
    });
    const res = await callAs(ctx.app, demo.copperOwner, 'GET', '/api/billing');
    expect(res.json().message.rolling_billing).toContainEqual(
      expect.objectContaining({
        merchant_id: copper,
        central_processing_date: '2026-11-17',
        cc_sales: '50.00',
        total_billing: '1.75',
      }),
    );
  });
});

describe('POST /api/billing/{id}/pay', () => {
  it('pays a bill once under two concurrent clicks, and a retry says it is already paid', async () => {
    const bill = await billOf(harbor, '2026-08');
    const cookie = await sessionCookieFor(ctx.app.db, demo.owner);
    const pay = () => callAs(ctx.app, demo.owner, 'POST', `/api/billing/${bill.id}/pay`, undefined, cookie);
    const answers = await Promise.all([pay(), pay()]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const paid = answers.find((res) => res.statusCode === 200);
    expect(paid?.json().message).toMatchObject({ id: bill.id, state: 'paid', r_total: '34.95' });

    // The processor was asked once, and the bill and its month are paid.
    const attempts = await ctx.app.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.operation, 'bill_payment'));
    expect(attempts.filter((a) => a.state === 'settled')).toHaveLength(1);
    const ledger = await ctx.app.db
      .select()
      .from(sandboxProcessorLedger)
      .where(eq(sandboxProcessorLedger.transactionId, bill.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ operation: 'charge', amountCents: 3_495, outcome: 'approved' });
    const [month] = await ctx.app.db
      .select()
      .from(monthlyBilling)
      .where(and(eq(monthlyBilling.clientId, harbor), eq(monthlyBilling.month, '2026-08-01')));
    expect(month?.paidAt).not.toBeNull();

    const retry = await pay();
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toMatchObject({
      code: BillingErrorCode.BillAlreadyPaid,
      message: BillingText.AlreadyPaid,
    });
    const staffRetry = await admin('POST', `/api/billing/${bill.id}/pay`);
    expect(staffRetry.statusCode).toBe(409);
    expect(
      await ctx.app.db
        .select()
        .from(sandboxProcessorLedger)
        .where(eq(sandboxProcessorLedger.transactionId, bill.id)),
    ).toHaveLength(1);
    const list = await admin('GET', '/api/billing');
    const row = list.json().message.bill_details.find((r: { id: string }) => r.id === bill.id);
    expect(row.state).toBe('paid');
  });

  it("refuses another merchant's bill (403) and a bill whose merchant's monthly billing is off (422)", async () => {
    await admin('PUT', `/api/monthly-billing/merchants/${harbor}`);
    await admin('POST', `/api/monthly-billing/merchants/${harbor}/merchant-bills`, { month: '2026-09' });
    const bill = await billOf(harbor, '2026-09');
    const foreign = await callAs(ctx.app, demo.copperOwner, 'POST', `/api/billing/${bill.id}/pay`);
    expect(foreign.statusCode).toBe(403);
    const unknown = await callAs(
      ctx.app,
      demo.copperOwner,
      'POST',
      '/api/billing/00000000-0000-4000-8000-000000000000/pay',
    );
    expect(unknown.statusCode).toBe(403);
    expect((await admin('POST', '/api/billing/00000000-0000-4000-8000-000000000000/pay')).statusCode).toBe(
      404,
    );

    await admin('DELETE', `/api/monthly-billing/merchants/${harbor}`);
    const listed = await admin('GET', '/api/billing');
    const row = listed.json().message.bill_details.find((r: { id: string }) => r.id === bill.id);
    expect(row.state).toBe('merchantNotEnabled');
    const off = await admin('POST', `/api/billing/${bill.id}/pay`);
    expect(off.statusCode).toBe(422);
    expect(off.json().error.message).toBe(BillingText.MerchantNotEnabled);
    const [unpaid] = await ctx.app.db.select().from(billingLineItems).where(eq(billingLineItems.id, bill.id));
    expect(unpaid?.paidAt).toBeNull();
    expect(
      await ctx.app.db
        .select()
        .from(sandboxProcessorLedger)
        .where(eq(sandboxProcessorLedger.transactionId, bill.id)),
    ).toHaveLength(0);
  });

  it('is refused to a processor-audit user, who may read bills', async () => {
    const bill = await billOf(harbor, '2026-09');
    expect((await callAs(ctx.app, demo.audit, 'POST', `/api/billing/${bill.id}/pay`)).statusCode).toBe(403);
  });
});

describe('the monthly billing job', () => {
  it('bills the month before for merchants with monthly billing on, once, on the first tick of a month', async () => {
    const quiet = await buildClient(ctx.app.db, { name: 'Quiet Month LLC', isMonthlyBillingEnabled: true });
    await ctx.app.db
      .insert(clientPricing)
      .values({ clientId: quiet.id, monthlyFeeCents: 1_000, monthlyMinCents: 500 });
    const offClient = await buildClient(ctx.app.db, { name: 'Not Billed LLC' });
    await admin('PUT', `/api/monthly-billing/merchants/${harbor}`);
    // Harbor's October was billed by hand already: the job must not bill it again.
    await admin('POST', `/api/monthly-billing/merchants/${harbor}/merchant-bills`, { month: '2026-10' });

    now = new Date('2026-11-01T00:01:00Z');
    await ctx.app.jobs.tick();
    const [run] = await ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, 'monthly-billing.bill'));
    expect(run).toMatchObject({ runKey: '2026-11', status: 'succeeded', result: { month: '2026-10' } });
    const october = await ctx.app.db
      .select()
      .from(monthlyBilling)
      .where(eq(monthlyBilling.month, '2026-10-01'));
    // The demo seed billed its own merchants' October already; the job adds the ones it lacks.
    expect(october.map((row) => row.clientId)).toEqual(expect.arrayContaining([harbor, quiet.id]));
    expect(october.filter((row) => row.clientId === quiet.id)).toHaveLength(1);
    expect(october.some((row) => row.clientId === offClient.id)).toBe(false);
    expect((await billOf(quiet.id, '2026-10')).totalCents).toBe(1_500);

    // The period again (a run lost before it was recorded, or a second instance): nothing twice.
    await ctx.app.db.delete(jobRuns).where(eq(jobRuns.name, 'monthly-billing.bill'));
    await ctx.app.jobs.tick();
    const [again] = await ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, 'monthly-billing.bill'));
    expect(again).toMatchObject({ status: 'succeeded', result: { month: '2026-10', billed: 0 } });
    expect(
      await ctx.app.db.select().from(monthlyBilling).where(eq(monthlyBilling.month, '2026-10-01')),
    ).toHaveLength(october.length);
    const quietItems = await ctx.app.db
      .select()
      .from(billingLineItems)
      .where(eq(billingLineItems.clientId, quiet.id));
    expect(quietItems).toHaveLength(1);
    now = new Date('2026-11-20T12:00:00Z');
  });
});
