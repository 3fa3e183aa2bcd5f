import { Permission } from '@portico/contracts/access/permission-names';
import {
  BillingErrorCode,
  BillingText,
  type BillLineItemRow,
  billStateOf,
  type MonthlyBillingMerchantRow,
  type MonthlyBillingRow,
  monthlyBillAmountCents,
  monthlyBillDescription,
  payBillResponse,
  type RollingBillingRow,
} from '@portico/contracts/billing/billing';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import {
  parseStatementMonth,
  StatementMonthText,
  statementMonthDays,
} from '@portico/contracts/statements/statement-month';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { attemptActorOf, auditActorOf, auditActorOfAttempt } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import { resolveReportAccess } from '../../access/report-access';
import type { Db, Executor, Tx } from '../../db/client';
import { clientBankAccounts } from '../../db/schema/clients';
import type { ChargeGateway } from '../../integrations/processors/processor-gateway';
import { AppError, defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { IdempotentResult } from '../../lib/idempotency';
import {
  gatewayChargeOperation,
  type MoneyOperation,
  type PaymentAttempt,
  runMoneyAttempt,
} from '../../lib/money-attempt';
import { payerSystemUserId } from '../charges/charges.repository';
import {
  type BillDbRow,
  type BillingScope,
  findBill,
  findMonthlyBillingMerchant,
  insertBillLineItem,
  insertMonthlyBill,
  listBills,
  listMonthlyBilling,
  listMonthlyBillingMerchants,
  listRollingBilling,
  lockBill,
  type MonthlyBillingDbRow,
  markBillPaid,
  readMonthFacts,
  setMonthlyBillingEnabled,
} from './billing.repository';

export const BillingError = defineErrors({
  BillNotFound: [BillingErrorCode.BillNotFound, 'not_found'],
  BillAlreadyPaid: [BillingErrorCode.BillAlreadyPaid, 'conflict'],
  MerchantNotEnabled: [BillingErrorCode.MerchantNotEnabled, 'business_rule'],
  MonthMalformed: [BillingErrorCode.MonthMalformed, 'validation'],
  MonthInFuture: [BillingErrorCode.MonthInFuture, 'business_rule'],
  MonthAlreadyBilled: [BillingErrorCode.MonthAlreadyBilled, 'conflict'],
  MerchantNotFound: [BillingErrorCode.MerchantNotFound, 'not_found'],
  PaymentDeclined: [BillingErrorCode.PaymentDeclined, 'business_rule'],
  ProcessorUnavailable: [BillingErrorCode.ProcessorUnavailable, 'unavailable'],
  NoBankAccount: ['BILL_NO_BANK_ACCOUNT', 'business_rule'],
});

const money = formatCentsAsDecimal;
// The Rolling Billing tab covers the last 30 central processing days.
const rollingBillingDays = 30;

// The merchants a billing call covers: staff every one, others the merchants they reach with Payouts
// (the Billing menu entry's permission), the one named narrowing it.
export async function billingScopeOf(db: Db, caller: Caller): Promise<BillingScope> {
  const access = await resolveReportAccess(db, caller, Permission.Payouts);
  return access.scope.kind === 'all' ? 'all' : access.scope.clientIds;
}

function isInScope(scope: BillingScope, clientId: string): boolean {
  return scope === 'all' || scope.includes(clientId);
}

export function billRowOf(row: BillDbRow): BillLineItemRow {
  return {
    id: row.id,
    merchant_id: row.clientId,
    name: row.name,
    statement_date: row.statementDate,
    detail_description: row.detailDescription,
    r_total: money(row.totalCents),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    state: billStateOf({ isPaid: row.paidAt !== null, isMerchantEnabled: row.isMonthlyBillingEnabled }),
  };
}

// GET /api/billing: message.bill_details and message.rolling_billing.
export async function billingOf(
  db: Db,
  caller: Caller,
  now: Date,
): Promise<{ bill_details: BillLineItemRow[]; rolling_billing: RollingBillingRow[] }> {
  const scope = await billingScopeOf(db, caller);
  const since = new Date(now.getTime() - rollingBillingDays * 86_400_000).toISOString().slice(0, 10);
  const [bills, rolling] = await Promise.all([listBills(db, scope), listRollingBilling(db, scope, since)]);
  return {
    bill_details: bills.map(billRowOf),
    rolling_billing: rolling.map((row) => ({
      id: row.id,
      merchant_id: row.client_id,
      name: row.name,
      central_processing_date: row.central_processing_date,
      cc_sales: money(row.cc_sales),
      total_billing: money(row.total_billing),
    })),
  };
}

// ---- Paying a bill ----------------------------------------------------------------------------------

type PayBillResponse = z.infer<typeof payBillResponse>;

export type BillingDeps = { db: Db; gateway: ChargeGateway; now: () => Date };

// Kept on the attempt so the reconcile can settle it in another process.
const billContext = z.object({
  billId: z.uuid(),
  token: z.string(),
  actor: z.object({
    userId: z.string(),
    email: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
});

// The sandbox gateway is asked under this processor name for bill collections.
const billProcessor = 'sandbox';

export function billPaymentOperationOf(deps: BillingDeps): MoneyOperation<PayBillResponse> {
  return gatewayChargeOperation({
    gateway: deps.gateway,
    responseSchema: payBillResponse,
    chargeOf: (attempt) => {
      const context = billContext.parse(attempt.context);
      return { processorName: billProcessor, transactionId: context.billId, token: context.token };
    },
    unavailable: () =>
      BillingError.ProcessorUnavailable('The payment could not be processed. Please try again.'),
    declined: () => BillingError.PaymentDeclined('The payment was declined.'),
    settle: (tx, attempt, answer) => settleBillPayment(tx, deps, attempt, answer.reference),
    recordFailure: async (tx, attempt, error) => {
      const context = billContext.parse(attempt.context);
      await recordAudit(tx, {
        action: 'charge',
        outcome: 'failure',
        ...auditActorOfAttempt(context.actor),
        targetType: 'bill',
        targetId: context.billId,
        clientId: attempt.clientId,
        details: {
          code: error.code,
          source: 'bill',
          amount: money(attempt.amountCents),
          processor: attempt.processor,
          ...(attempt.processorReason ? { processor_reason: attempt.processorReason } : {}),
        },
      });
    },
  });
}

async function settleBillPayment(
  tx: Tx,
  deps: BillingDeps,
  attempt: PaymentAttempt,
  reference: string,
): Promise<{ status: number; body: PayBillResponse; resultTransactionId: null }> {
  const context = billContext.parse(attempt.context);
  const bill = await lockBill(tx, context.billId);
  if (!bill) throw new Error(`bill ${context.billId} is gone`);
  const paidAt = deps.now();
  await markBillPaid(tx, bill, paidAt);
  await recordAudit(tx, {
    action: 'charge',
    outcome: 'success',
    ...auditActorOfAttempt(context.actor),
    targetType: 'bill',
    targetId: bill.id,
    clientId: bill.clientId,
    details: {
      source: 'bill',
      amount: money(attempt.amountCents),
      processor: attempt.processor,
      processor_reference: reference,
    },
  });
  const paid = bill.paidAt === null ? { ...bill, paidAt } : bill;
  return { status: 200, body: { status: true, message: billRowOf(paid) }, resultTransactionId: null };
}

// The bill as the caller may see it: out of reach is refused like any merchant out of reach
// (staff reach every bill, so for them it does not exist).
async function billInReach(db: Db, caller: Caller, id: string): Promise<BillDbRow> {
  const bill = await findBill(db, id);
  const scope = await billingScopeOf(db, caller);
  if (bill !== null && isInScope(scope, bill.clientId)) return bill;
  if (caller.isStaff) throw BillingError.BillNotFound(BillingText.BillNotFound);
  // An unknown id and another merchant's bill get the same answer: ids are not probed.
  return denyAccess(caller, 'merchant', { merchantId: bill?.clientId ?? null });
}

function refuseUnpayable(bill: BillDbRow): void {
  const state = billStateOf({
    isPaid: bill.paidAt !== null,
    isMerchantEnabled: bill.isMonthlyBillingEnabled,
  });
  if (state === 'paid') throw BillingError.BillAlreadyPaid(BillingText.AlreadyPaid);
  if (state === 'merchantNotEnabled') throw BillingError.MerchantNotEnabled(BillingText.MerchantNotEnabled);
}

async function bankTokenOf(executor: Executor, clientId: string): Promise<string> {
  const [account] = await executor
    .select({ last4: clientBankAccounts.accountNumberLast4 })
    .from(clientBankAccounts)
    .where(and(eq(clientBankAccounts.clientId, clientId), eq(clientBankAccounts.isPrimary, true)));
  if (!account) throw BillingError.NoBankAccount('This merchant has no bank account on file');
  // The sandbox's saved bank token form (integrations/processors/sandbox-charge-gateway.ts).
  return `BANK-${account.last4}`;
}

// POST /api/billing/{id}/pay ('Pay this bill'): collects the bill from the merchant's bank
// account on file through the processor, once. The money attempt's key is the bill's own, so a
// second click, a retry or a second user's click finds the first attempt instead of paying again.
export async function payBill(
  deps: BillingDeps,
  caller: Caller,
  id: string,
): Promise<IdempotentResult<PayBillResponse>> {
  const bill = await billInReach(deps.db, caller, id);
  refuseUnpayable(bill);
  return runMoneyAttempt(
    deps.db,
    billPaymentOperationOf(deps),
    {
      key: `bill-${bill.id}`,
      userId: await payerSystemUserId(deps.db),
      method: 'POST',
      path: `/api/billing/${bill.id}/pay`,
      body: {},
      operation: 'bill_payment',
    },
    async (tx) => {
      const locked = await lockBill(tx, bill.id);
      if (!locked) throw BillingError.BillNotFound(BillingText.BillNotFound);
      refuseUnpayable(locked);
      return {
        transactionId: null,
        clientId: locked.clientId,
        amountCents: locked.totalCents,
        processor: billProcessor,
        context: {
          billId: locked.id,
          token: await bankTokenOf(tx, locked.clientId),
          actor: attemptActorOf(caller),
        },
      };
    },
  );
}

// ---- Monthly billing ------------------------------------------------------------------------------

export type BillMonth = { yearMonth: string; first: string; startAt: Date; endAt: Date };

// A month that is over (YYYY-MM or MM, the statement month rule): the running month and later ones are
// refused, a malformed one too.
export function resolveBillMonth(text: string, now: Date): BillMonth {
  const parsed = parseStatementMonth(text, now.toISOString().slice(0, 10));
  if (!parsed.ok) {
    if (parsed.reason === 'Future') throw BillingError.MonthInFuture(BillingText.MonthInFuture);
    throw BillingError.MonthMalformed(StatementMonthText.Malformed);
  }
  if (parsed.month >= now.toISOString().slice(0, 7)) {
    throw BillingError.MonthInFuture(BillingText.MonthInFuture);
  }
  const { first, last } = statementMonthDays(parsed.month);
  return {
    yearMonth: parsed.month,
    first,
    startAt: new Date(`${first}T00:00:00.000Z`),
    endAt: new Date(Date.parse(`${last}T00:00:00.000Z`) + 86_400_000),
  };
}

// Creates the month's bill of each merchant named (or of every merchant with monthly billing on) that
// has none: its monthly billing row and, when it owes something, the line item that asks for it. All
// in one transaction, keyed by the unique (merchant, month): run twice, concurrently, or stopped
// halfway and run again, it creates each bill once. Answers the merchants billed now.
export async function createMonthlyBills(
  db: Db,
  merchants: 'enabled' | readonly string[],
  month: BillMonth,
  now: Date,
): Promise<string[]> {
  return db.transaction((tx) => createMonthlyBillsIn(tx, merchants, month, now));
}

// The same inside the caller's transaction: the demo seed bills its past months through it, so a
// seeded bill never asks again for fees a seeded statement took.
export async function createMonthlyBillsIn(
  tx: Executor,
  merchants: 'enabled' | readonly string[],
  month: BillMonth,
  now: Date,
): Promise<string[]> {
  const created: string[] = [];
  for (const facts of await readMonthFacts(tx, merchants, month)) {
    const isTransactingInMonth = facts.transaction_count > 0;
    const amountCents = monthlyBillAmountCents({
      isTransactingInMonth,
      monthlyFeeCents: facts.monthly_fee_cents,
      monthlyMinimumCents: facts.monthly_min_cents,
    });
    const monthlyBillingId = await insertMonthlyBill(tx, {
      clientId: facts.client_id,
      month: month.first,
      transactionCount: facts.transaction_count,
      totalTransactionAmountCents: facts.total_cents,
      lastTransactionDateInMonth: facts.last_day,
      monthlyMinimumCents: facts.monthly_min_cents,
      monthlyFeeCents: facts.monthly_fee_cents,
      // Nothing owed (the statement took the fees): the month is settled as it is billed.
      paidAt: amountCents === 0 ? now : null,
    });
    if (monthlyBillingId === null) continue;
    if (amountCents > 0) {
      await insertBillLineItem(tx, {
        clientId: facts.client_id,
        statementDate: statementMonthDays(month.yearMonth).last,
        detailDescription: monthlyBillDescription(month.yearMonth),
        totalCents: amountCents,
        monthlyBillingId,
      });
    }
    created.push(facts.client_id);
  }
  return created;
}

export function monthlyBillingRowOf(row: MonthlyBillingDbRow): MonthlyBillingRow {
  return {
    id: row.id,
    merchant_id: row.clientId,
    name: row.name,
    transaction_count: row.transactionCount,
    monthly_minimum: money(row.monthlyMinimumCents),
    monthly_fee: money(row.monthlyFeeCents),
    month: row.month.slice(0, 7),
    is_transacting_in_month: row.transactionCount > 0,
    total_transaction_amount: money(row.totalTransactionAmountCents),
    last_transaction_date_in_month: row.lastTransactionDateInMonth,
    is_month_paid: row.paidAt !== null,
    is_monthly_billing_enabled: row.isMonthlyBillingEnabled,
    parent: row.parentName === null ? null : { name: row.parentName },
  };
}

export async function monthlyBillingRows(executor: Executor): Promise<MonthlyBillingRow[]> {
  return (await listMonthlyBilling(executor)).map(monthlyBillingRowOf);
}

export async function monthlyBillingMerchantRows(executor: Executor): Promise<MonthlyBillingMerchantRow[]> {
  return (await listMonthlyBillingMerchants(executor)).map((row) => ({
    id: row.id,
    name: row.name,
    parent: row.parentName === null ? null : { name: row.parentName },
    monthly_fee: money(row.monthlyFeeCents ?? 0),
    monthly_minimum: money(row.monthlyMinCents ?? 0),
    is_monthly_billing_enabled: row.isMonthlyBillingEnabled,
  }));
}

// PUT and DELETE /api/monthly-billing/merchants/{id}: switches a merchant's monthly billing on or off,
// audited as an account edit. An unknown merchant is a 404 and nothing is written.
export async function switchMonthlyBilling(
  db: Db,
  caller: Caller,
  clientId: string,
  isEnabled: boolean,
): Promise<{ id: string; is_monthly_billing_enabled: boolean }> {
  const changed = await db.transaction(async (tx) => {
    if (!(await setMonthlyBillingEnabled(tx, clientId, isEnabled))) return false;
    await recordAudit(tx, {
      action: 'account.edit',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'client',
      targetId: clientId,
      clientId,
      details: { fields: ['is_monthly_billing_enabled'], is_monthly_billing_enabled: isEnabled },
    });
    return true;
  });
  if (!changed) throw BillingError.MerchantNotFound('Merchant not found');
  return { id: clientId, is_monthly_billing_enabled: isEnabled };
}

// POST /api/monthly-billing/merchants/{id}/merchant-bills {month}: that month's bill of one merchant,
// once. A merchant with monthly billing off, or a month already billed, is refused and nothing changes.
export async function createMerchantBill(
  db: Db,
  clientId: string,
  monthText: string,
  now: Date,
): Promise<MonthlyBillingRow> {
  const month = resolveBillMonth(monthText, now);
  const merchant = await findMonthlyBillingMerchant(db, clientId);
  if (!merchant) throw BillingError.MerchantNotFound('Merchant not found');
  if (!merchant.isMonthlyBillingEnabled)
    throw BillingError.MerchantNotEnabled(BillingText.MerchantNotEnabled);
  const created = await createMonthlyBills(db, [clientId], month, now);
  if (created.length === 0) throw BillingError.MonthAlreadyBilled(BillingText.MonthAlreadyBilled);
  const [row] = await listMonthlyBilling(db, { clientId, month: month.first });
  if (!row) throw new AppError('INTERNAL', 'internal', 'The bill just created is missing');
  return monthlyBillingRowOf(row);
}
