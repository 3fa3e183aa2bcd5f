import { Permission } from '@portico/contracts/access/permission-names';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import {
  type PayoutItem,
  type PayoutLine,
  payoutLinesOfItem,
  payoutLinesSumCents,
  payoutLineTotals,
} from '@portico/contracts/statements/payout-lines';
import type { StatementExportRow } from '@portico/contracts/statements/statement-export-columns';
import {
  parseStatementMonth,
  StatementMonthText,
  statementMonthDays,
} from '@portico/contracts/statements/statement-month';
import {
  grossSplitOf,
  lineSumsOfGroups,
  type ProcessorFeeSums,
  processorFeeRowsOf,
  reconcilePayouts,
  type StatementFigures,
  type StatementPricing,
  statementFiguresOf,
  statementLineTypeOf,
  statementOfLineSums,
  type TransactionGroupFacts,
} from '@portico/contracts/statements/statement-rules';
import {
  type DailyTransactionRow,
  type PayoutLineRow,
  type PayoutLines,
  type PayoutRow,
  type SettlementGroupDetail,
  StatementErrorCode,
  type StatementFigureKey,
  type StatementFiguresWire,
  type StatementLineRow,
  type StatementRow,
} from '@portico/contracts/statements/statements';
import { isGrossAddition } from '@portico/contracts/transactions/gross-net';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import { findDefaultClientId } from '../../access/merchant-scope.repository';
import { resolveReportAccess } from '../../access/report-access';
import type { Db, Executor } from '../../db/client';
import type { SortKey } from '../../db/keyset';
import { defineErrors } from '../../lib/app-error';
import { statementNotes } from '../notes/notes.service';
import { listMerchantsUserCanActFor } from '../rbac/rbac.service';
import { defaultLogoPng } from '../users/default-logo';
import { describeItem } from './payout-item-description';
import { renderStatementPdf } from './statement-pdf';
import {
  findMerchantName,
  findPayout,
  findSettlement,
  findStatement,
  findStatementLogo,
  groupMonth,
  insertSettlementsOfDays,
  insertStatements,
  listPayouts,
  listPayoutsPage,
  listPayoutsSortedPage,
  listPostedClientIds,
  listStatementPayouts,
  type MonthInstants,
  type PayoutDbRow,
  type PayoutItemRow,
  type PayoutPageEnd,
  type PricingRow,
  readDailySums,
  readPayoutItems,
  readPendingCents,
  readPricing,
  readProcessorFees,
  readStatementLines,
  type StatementDbRow,
  type StatementInsert,
} from './statements.repository';

export const StatementError = defineErrors({
  MonthMalformed: [StatementErrorCode.MonthMalformed, 'validation'],
  MonthInFuture: [StatementErrorCode.MonthInFuture, 'business_rule'],
  MerchantRequired: [StatementErrorCode.MerchantRequired, 'business_rule'],
  MerchantNotFound: [StatementErrorCode.MerchantNotFound, 'not_found'],
  PayoutNotFound: [StatementErrorCode.PayoutNotFound, 'not_found'],
});

export type StatementMonth = MonthInstants & { yearMonth: string; first: string; last: string };

// A checked yyyy-mm (or MM) as the month's bounds; a future or malformed month is refused.
export function resolveStatementMonth(text: string, now: Date): StatementMonth {
  const parsed = parseStatementMonth(text, now.toISOString().slice(0, 10));
  if (!parsed.ok) {
    const message = StatementMonthText[parsed.reason];
    throw parsed.reason === 'Future'
      ? StatementError.MonthInFuture(message)
      : StatementError.MonthMalformed(message);
  }
  const { first, last } = statementMonthDays(parsed.month);
  const startAt = new Date(`${first}T00:00:00.000Z`);
  const endAt = new Date(Date.parse(`${last}T00:00:00.000Z`) + 86_400_000);
  return { yearMonth: parsed.month, first, last, startAt, endAt };
}

function pricingOf(row: PricingRow | undefined): StatementPricing {
  return {
    cardRate: row?.card_rate ?? null,
    achRate: row?.ach_rate ?? null,
    cryptoRate: row?.crypto_rate ?? null,
    monthlyFeeCents: row?.monthly_fee_cents ?? null,
    pciFeeCents: row?.pci_fee_cents ?? null,
    regFeeCents: row?.reg_fee_cents ?? null,
    monthlyMinCents: row?.monthly_min_cents ?? null,
  };
}

// Posts every merchant's statement for a month (yyyy-mm) that has none yet: one GROUP BY over the
// month's transactions by the facts the rules read, the contracts rules on those groups, three inserts. Idempotent: the unique key
// (client_id, month) makes a second run, or a concurrent one, add nothing. Returns how many it posted.
export async function postStatements(db: Db, yearMonth: string, now: Date = new Date()): Promise<number> {
  const month = resolveStatementMonth(yearMonth, now);
  if (month.yearMonth >= now.toISOString().slice(0, 7)) {
    // The running month is not over: its statement is posted on the first day of the next.
    throw StatementError.MonthInFuture(StatementMonthText.Future);
  }
  return db.transaction((tx) => postStatementsOfMonth(tx, month, now));
}

// The posting itself, inside the caller's transaction: the demo seed posts its past months through
// it too, so what staff see on a fresh start comes from the same rules as the monthly job.
export async function postStatementsOfMonth(tx: Executor, month: StatementMonth, now: Date): Promise<number> {
  // Compiling the month's aggregate with JIT costs more than the scan saves (bench/statements).
  // The planner multiplies the group columns' distinct counts (17,048 groups for 1,392 real ones at
  // 1,000,000 rows) and so prices the workers' partial aggregates out: the one pass ran on one core
  // while the bare GROUP BY ran on three. Free workers let it share the scan the same way.
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('parallel_setup_cost', '0', true),
    set_config('parallel_tuple_cost', '0', true)`);
  const posted = await listPostedClientIds(tx, month.first);
  type ClientGroups = {
    groups: (TransactionGroupFacts & { type: string })[];
    fees: Map<string, ProcessorFeeSums>;
  };
  const byClient = new Map<string, ClientGroups>();
  for (const row of await groupMonth(tx, month)) {
    if (posted.has(row.client_id)) continue;
    const entry: ClientGroups = byClient.get(row.client_id) ?? { groups: [], fees: new Map() };
    const group = {
      type: statementLineTypeOf(row.payment_method, row.card_brand),
      actionMode: row.action_mode,
      paymentStatus: row.payment_status,
      proPayStatus: row.pro_pay_status,
      count: row.count,
      amountCents: row.amount,
      feeCents: row.fee,
      feeItemCount: row.fee_items,
    };
    entry.groups.push(group);
    if (row.processor !== null && isGrossAddition(group)) {
      const key = `${row.processor}\u0001${group.type}`;
      const fee = entry.fees.get(key) ?? {
        processor: row.processor,
        type: group.type,
        salesCount: 0,
        salesCents: 0,
        feesCents: 0,
      };
      fee.salesCount += group.count;
      fee.salesCents += group.amountCents;
      fee.feesCents += group.feeCents;
      entry.fees.set(key, fee);
    }
    byClient.set(row.client_id, entry);
  }
  const pricingByClient = new Map((await readPricing(tx, [...byClient.keys()])).map((p) => [p.client_id, p]));
  const statements: StatementInsert[] = [];
  for (const [clientId, entry] of byClient) {
    const lineSums = lineSumsOfGroups(entry.groups);
    // A merchant whose month holds only failed payments has no statement.
    if (lineSums.length === 0) continue;
    const pricing = pricingOf(pricingByClient.get(clientId));
    const statement = statementOfLineSums(lineSums, pricing);
    statements.push({
      clientId,
      ...statement.totals,
      lines: statement.lines,
      processorFees: processorFeeRowsOf([...entry.fees.values()], pricing, month.last),
    });
  }
  return insertStatements(tx, month.first, now, statements);
}

// The one merchant a statement call is about: the one named, else the caller's own (viewed client,
// sole or default merchant). Staff must name one.
export async function resolveStatementMerchant(db: Executor, caller: Caller): Promise<string> {
  if (caller.merchant) {
    if (!caller.merchant.merchantExists) throw StatementError.MerchantNotFound('Merchant not found');
    return caller.merchant.merchantId;
  }
  const access = await resolveReportAccess(db, caller, Permission.Payouts);
  if (access.scope.kind === 'all') throw StatementError.MerchantRequired('Select a merchant');
  const { clientIds } = access.scope;
  if (caller.viewAsClientId !== null && clientIds.includes(caller.viewAsClientId))
    return caller.viewAsClientId;
  const defaultClientId = await findDefaultClientId(db, caller.session.userId);
  if (defaultClientId !== null && clientIds.includes(defaultClientId)) return defaultClientId;
  const [only, ...others] = clientIds;
  if (only !== undefined && others.length === 0) return only;
  throw StatementError.MerchantRequired('Select a merchant');
}

const money = formatCentsAsDecimal;

export async function statementLineRows(
  executor: Executor,
  clientId: string,
  month: StatementMonth,
): Promise<StatementLineRow[]> {
  const statement = await findStatement(executor, clientId, month.first);
  if (!statement) return [];
  return (await readStatementLines(executor, statement.id)).map((line) => ({
    type: line.type,
    pricing: line.pricing,
    transactions: line.transaction_count,
    gross: money(line.gross_cents),
    fees: money(line.fees_cents),
    flatfee: money(line.flat_fee_cents),
    itemfee: money(line.item_fee_cents),
    net: money(line.net_cents),
  }));
}

// What the statements tab's grid shows of a posted statement: its merchant, month and totals.
function statementHeadOf(statement: StatementDbRow, month: StatementMonth): StatementExportRow {
  return {
    merchant_id: statement.client_id,
    merchant_name: statement.merchant_name,
    month_year: month.yearMonth,
    total_amount: money(statement.total_amount_cents),
    total_transactions: statement.total_transactions,
    total_fees: money(statement.total_fees_cents),
    total_adjustments: money(statement.total_adjustments_cents),
    charge_backs_and_reversals_total: money(statement.chargebacks_and_reversals_cents),
    net: money(statement.net_cents),
  };
}

// The statements tab's grid rows of one merchant and month without the panels' detail (an export
// writes them): the one posted statement, or none while the month is not posted.
export async function statementGridRows(
  executor: Executor,
  clientId: string,
  month: StatementMonth,
): Promise<StatementExportRow[]> {
  const statement = await findStatement(executor, clientId, month.first);
  return statement ? [statementHeadOf(statement, month)] : [];
}

// The statements tab row of one merchant and month, with its daily rows and processor fees; empty
// while the month is not posted.
export async function statementRows(
  executor: Executor,
  clientId: string,
  month: StatementMonth,
): Promise<StatementRow[]> {
  const statement = await findStatement(executor, clientId, month.first);
  if (!statement) return [];
  const [daily, fees, lines, payouts, pendingCents] = await Promise.all([
    readDailySums(executor, clientId, month),
    readProcessorFees(executor, statement.id),
    readStatementLines(executor, statement.id),
    listStatementPayouts(executor, clientId, month.first),
    readPendingCents(executor, clientId, month),
  ]);
  const figures = statementFiguresOf(
    lines.map((line) => ({
      type: line.type,
      pricing: line.pricing,
      transactionCount: line.transaction_count,
      grossCents: line.gross_cents,
      feesCents: line.fees_cents,
      flatFeeCents: line.flat_fee_cents,
      itemFeeCents: line.item_fee_cents,
      netCents: line.net_cents,
    })),
    grossSplitOf({
      refundsAndVoidsCents: statement.refunds_and_voids_cents,
      chargebacksAndReversalsCents: statement.chargebacks_and_reversals_cents,
      totalAdjustmentsCents: statement.total_adjustments_cents,
    }),
  );
  const reconciliation = reconcilePayouts(
    payouts.map((p) => ({ payoutDate: p.payout_date, processor: p.processor, amountCents: p.amount_cents })),
    pendingCents,
  );
  const dailyRows: DailyTransactionRow[] = daily.map((day) => ({
    transaction_day: day.day,
    total_transactions: day.transaction_count,
    total_processed: money(day.sales + day.refunds),
    total_fees: money(day.fees),
    total_adjustments: money(day.adjustments),
    total_chargebacks: money(day.chargebacks),
  }));
  return [
    {
      ...statementHeadOf(statement, month),
      posted_at: statement.posted_at,
      figures: figuresWire(figures),
      reconciliation: {
        payouts: payouts.map((p) => ({
          id: p.id,
          payout_date: p.payout_date,
          processor: p.processor,
          status: p.status,
          amount: money(p.amount_cents),
        })),
        pending: money(reconciliation.pendingCents),
        total: money(reconciliation.totalCents),
      },
      daily_transactions: dailyRows,
      processor_fees: fees.map((fee) => ({
        STATEMENT_DATE: fee.statement_date,
        DETAIL_DESCRIPTION: fee.detail_description,
        ITEM_COUNT: fee.item_count,
        VOLUME: money(fee.volume_cents),
        R_RATE1: fee.rate_percent,
        R_RATE2: money(fee.per_item_cents),
        R_TOTAL: money(fee.total_cents),
      })),
    },
  ];
}

const figureCents: Readonly<Record<StatementFigureKey, keyof StatementFigures>> = {
  gross_sales: 'grossSalesCents',
  refunds_and_voids: 'refundsAndVoidsCents',
  chargebacks_and_reversals: 'chargebacksAndReversalsCents',
  adjustments: 'adjustmentsCents',
  gross: 'grossCents',
  per_transaction_fees: 'perTransactionFeesCents',
  item_fees: 'itemFeesCents',
  net: 'netCents',
  cash_recorded: 'cashRecordedCents',
  net_deposited: 'netDepositedCents',
  flat_fees: 'flatFeesCents',
  monthly_fees: 'monthlyFeesCents',
};

function figuresWire(figures: StatementFigures): StatementFiguresWire {
  const entries = Object.entries(figureCents).map(([key, field]) => [key, money(figures[field])]);
  return Object.fromEntries(entries) as StatementFiguresWire;
}

// The merchants whose payouts the list shows: the named merchant, else every merchant the caller
// reaches with Payouts.
export async function payoutClientIdsOf(db: Executor, caller: Caller): Promise<readonly string[] | 'all'> {
  if (caller.merchant && !caller.merchant.merchantExists) {
    throw StatementError.MerchantNotFound('Merchant not found');
  }
  const access = await resolveReportAccess(db, caller, Permission.Payouts);
  return access.scope.kind === 'all' ? 'all' : access.scope.clientIds;
}

// The list carries no transactions: a payout's are read from GET /api/payouts/{id} and its lines
// from GET /api/payouts/{id}/lines, so a merchant's whole history never travels in one answer.
const payoutListRowOf = (row: PayoutDbRow): PayoutRow => ({ ...payoutHeadOf(row), transaction_details: [] });

// Payouts of the named merchant, else of every merchant the caller reaches with Payouts.
export async function payoutRows(db: Db, caller: Caller): Promise<PayoutRow[]> {
  return (await listPayouts(db, await payoutClientIdsOf(db, caller))).map(payoutListRowOf);
}

// One page of the payouts of these merchants, as the list's rows in the list's order, and where it
// ended (an export reads the whole list this way, page by page).
export async function payoutRowsPage(
  db: Executor,
  clientIds: readonly string[] | 'all',
  limit: number,
  after: PayoutPageEnd | undefined,
): Promise<{ rows: PayoutRow[]; end: PayoutPageEnd | undefined }> {
  const page = await listPayoutsPage(db, clientIds, limit, after);
  const last = page.at(-1);
  return {
    rows: page.map(payoutListRowOf),
    end: last && {
      payout_date: last.payout_date,
      merchant_name: last.merchant_name,
      processor: last.processor,
      id: last.id,
    },
  };
}

// One page of the payouts of these merchants in the keys' order, as the list's rows, and the keys'
// values where it ended (an export in a sort the grid asked reads the whole list this way).
export async function sortedPayoutRowsPage(
  db: Executor,
  clientIds: readonly string[] | 'all',
  keys: readonly SortKey[],
  limit: number,
  after: readonly string[] | undefined,
): Promise<{ rows: PayoutRow[]; end: readonly string[] | undefined }> {
  const page = await listPayoutsSortedPage(db, clientIds, keys, limit, after);
  return { rows: page.map((found) => payoutListRowOf(found.row)), end: page.at(-1)?.end };
}

// A payout the caller reaches, as the payouts list scopes it (the merchants the caller reaches with
// Payouts). Another merchant's payout is refused like any merchant out of reach; staff, who reach
// every merchant, are told it does not exist. locations: the sub-locations a caller tied to some of
// the merchant's locations is limited to (their transactions only), else null.
async function payoutInReach(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ payout: PayoutDbRow; locations: readonly string[] | null }> {
  const payout = await findPayout(db, id);
  const access = await resolveReportAccess(db, caller, Permission.Payouts);
  const { scope } = access;
  const isInScope = payout !== null && (scope.kind === 'all' || scope.clientIds.includes(payout.client_id));
  if (!isInScope) {
    if (caller.isStaff) throw StatementError.PayoutNotFound('Payout not found');
    return denyAccess(caller, 'merchant', { merchantId: payout?.client_id ?? null });
  }
  const limit =
    scope.kind === 'all' ? undefined : scope.locationLimits?.find((l) => l.clientId === payout.client_id);
  return { payout, locations: limit?.subEntityIds ?? null };
}

function payoutHeadOf(payout: PayoutDbRow): Omit<PayoutRow, 'transaction_details'> {
  return {
    merchant_id: payout.client_id,
    merchant_name: payout.merchant_name,
    payout_date: payout.payout_date,
    payout_details: {
      id: payout.id,
      amount: money(payout.amount_cents),
      processor: payout.processor,
      status: payout.status,
      statement_month: payout.statement_month,
    },
  };
}

function payoutItemOfRow(item: PayoutItemRow): PayoutItem {
  return {
    kind: item.kind,
    authAmountCents: item.auth_amount_cents,
    netAmountCents: item.net_amount_cents,
  };
}

// One settlement group: its payout, totals and transactions. A payout out of the caller's reach is
// refused like any merchant out of reach. Each transaction's net is the sum of its payout lines; a
// caller tied to some of the merchant's locations sees only their transactions.
export async function settlementGroup(db: Db, caller: Caller, id: string): Promise<SettlementGroupDetail> {
  const { payout, locations } = await payoutInReach(db, caller, id);
  const [settlement, items] = await Promise.all([
    payout.settlement_id ? findSettlement(db, payout.settlement_id) : Promise.resolve(null),
    readPayoutItems(db, payout.id, locations),
  ]);
  return {
    ...payoutHeadOf(payout),
    transaction_details: items.map((item) => ({
      id: item.id,
      transaction_date: item.transaction_date,
      auth_amount: money(item.auth_amount_cents),
      net_amount: money(payoutLinesSumCents(payoutLinesOfItem(payoutItemOfRow(item)))),
      trans_description: describeItem(item),
    })),
    settlement: {
      settlement_date: settlement?.settlement_date ?? payout.payout_date,
      transaction_count: settlement?.transaction_count ?? items.length,
      gross: money(settlement?.gross_cents ?? 0),
      fees: money(settlement?.fee_cents ?? 0),
      adjustments: money(settlement?.adjustments_cents ?? 0),
      chargebacks: money(settlement?.chargebacks_cents ?? 0),
      net: money(settlement?.net_cents ?? payout.amount_cents),
    },
    ...(caller.actingRole === 'admin' ? { admin_line_item_total: money(settlement?.fee_cents ?? 0) } : {}),
  };
}

// The lines of one payout: each posted item read by the contracts payout rule (a sale and its
// negative fee; a refund, void, chargeback or adjustment, negative), with the totals by kind. They
// add up to the payout's amount because the posting summed the same items. A caller tied to some
// of the merchant's locations sees only their transactions' lines (locations_only), as in every report.
export async function payoutLines(db: Db, caller: Caller, id: string): Promise<PayoutLines> {
  const { payout, locations } = await payoutInReach(db, caller, id);
  return {
    ...payoutHeadOf(payout),
    locations_only: locations !== null,
    ...(await payoutLinesOfPayout(db, payout.id, locations)),
  };
}

// The lines and totals of a payout the caller was already found to reach.
export async function payoutLinesOfPayout(
  executor: Executor,
  payoutId: string,
  locations: readonly string[] | null,
): Promise<Pick<PayoutLines, 'lines' | 'totals'>> {
  const items = await readPayoutItems(executor, payoutId, locations);
  const lines: PayoutLineRow[] = [];
  const all: PayoutLine[] = [];
  for (const item of items) {
    const description = describeItem(item);
    for (const line of payoutLinesOfItem(payoutItemOfRow(item))) {
      all.push(line);
      lines.push({
        transaction_id: item.id,
        transaction_date: item.transaction_date,
        kind: line.kind,
        trans_description: description,
        amount: money(line.amountCents),
      });
    }
  }
  const totals = payoutLineTotals(all).map((total) => ({
    kind: total.kind,
    count: total.count,
    amount: money(total.amountCents),
  }));
  return { lines, totals };
}

// Posts the settlement groups and payouts of a settlement day (yyyy-mm-dd, not after today);
// idempotent like postStatements. Returns how many groups it posted.
export async function postPayouts(db: Db, day: string, now: Date = new Date()): Promise<number> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00.000Z`))) {
    throw StatementError.MonthMalformed('Day must be YYYY-MM-DD');
  }
  if (day > now.toISOString().slice(0, 10))
    throw StatementError.MonthInFuture('Payouts exist only for past days');
  return db.transaction((tx) => insertSettlementsOfDays(tx, { from: day, to: day }, now));
}

// The merchants of the 'Statement For' and payouts merchant dropdowns.
export async function statementMerchants(db: Db, caller: Caller): Promise<{ id: string; name: string }[]> {
  const merchants = await listMerchantsUserCanActFor(db, caller.session, caller.viewAsClientId);
  return merchants.map((m) => ({ id: m.id, name: m.dbaName ?? m.name }));
}

// The statement of a merchant and month as a PDF: its lines, the posted statement, the merchant's
// logo (else the default one) and the statement notes.
export async function statementPdf(
  db: Db,
  caller: Caller,
  monthText: string,
  now: () => Date,
  support: { phone: string; email: string },
): Promise<{ yearMonth: string; pdf: Buffer }> {
  const month = resolveStatementMonth(monthText, now());
  const clientId = await resolveStatementMerchant(db, caller);
  const [lines, statements, logo, notes] = await Promise.all([
    statementLineRows(db, clientId, month),
    statementRows(db, clientId, month),
    findStatementLogo(db, clientId),
    statementNotes(db),
  ]);
  const statement = statements[0] ?? null;
  const merchantName = statement?.merchant_name ?? (await findMerchantName(db, clientId)) ?? '';
  const pdf = await renderStatementPdf({
    merchantName,
    yearMonth: month.yearMonth,
    logo: logo !== null && isPngOrJpeg(logo) ? logo : defaultLogoPng,
    lines,
    statement,
    generatedAt: now(),
    // Index 3 is the note's text, as the page's Notes line reads it.
    notes: notes.map((note) => note[3]),
    support,
  });
  return { yearMonth: month.yearMonth, pdf };
}

function isPngOrJpeg(bytes: Buffer): boolean {
  const isPng = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  return isPng || isJpeg;
}
