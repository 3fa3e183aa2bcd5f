import { payoutItemKinds } from '@portico/contracts/statements/payout-lines';
import { returnedOrRejectedAchItemCents } from '@portico/contracts/transactions/gross-net';
import { actionModes, proPayStatuses } from '@portico/contracts/transactions/transaction-enums';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { afterKeyValues, keyValuesOf, orderByKeys, type SortKey } from '../../db/keyset';
import { isoUtc } from '../../db/sql-json';
import { queryRows } from '../../db/sql-rows';
import { sqlCentsAsDecimal, webhookEventsFromRows } from '../../lib/webhook-events';

// The contracts ledger rule (statements/statement-rules.ts ledgerEffectOf) as SQL over alias t, for
// the sums the database must do itself: one GROUP BY over a month's transactions.
const returned = sql.raw(`coalesce(t.pro_pay_status in ('ACHInReturned', 'ACHInRejected'), false)`);
const failed = sql.raw('coalesce(t.payment_status = false, false)');
const adding = sql.raw(`t.action_mode in ('settle', 'debit', 'charge', 'apple_pay')`);
const subtracting = sql.raw(
  `t.action_mode in ('refund', 'void', 'blind_refund', 'reversal', 'credit', 'terminal_void', 'terminal_refund')`,
);
// The transactions a statement counts (contracts isCountedOnStatement): a merchant's month has a
// statement, and its flat fees are taken there, exactly when one of these exists.
export const countedOnStatementSql = sql`(${returned} or not ${failed})`;
const counted = countedOnStatementSql;
const isSale = sql`(not ${returned} and not ${failed} and ${adding})`;
const isChargeback = sql`(not ${returned} and not ${failed} and t.action_mode = 'reversal')`;
const isRefund = sql`(not ${returned} and not ${failed} and ${subtracting} and t.action_mode <> 'reversal')`;
// The contracts payout rules as SQL over alias t: what one settled transaction adds to its payout
// (netAmountCentsOfTransaction) and the kind it is paid as (payout-lines.ts payoutItemKindOf). The
// posting computes both once per transaction; the payout is their sum and the items keep them.
const netOfTransaction = sql`(case when ${returned} then ${returnedOrRejectedAchItemCents}
  when ${isSale} then t.amount_cents - t.fee_cents
  when ${isChargeback} then -t.amount_cents - t.fee_cents
  when ${isRefund} then -t.amount_cents else 0 end)`;
// The fees withheld (contracts isFeeWithheld): a sale's processing fee and a chargeback's fee.
const isFeeWithheld = sql`(${isSale} or ${isChargeback})`;
const kindOfTransaction = sql`(case when ${returned} then 'adjustment'
  when ${failed} then null
  when ${adding} then 'sale'
  when t.action_mode = 'reversal' then 'chargeback'
  when t.action_mode in ('void', 'terminal_void') then 'void'
  when ${subtracting} then 'refund' end)::payout_item_kind`;
const ledgerSums = sql`count(*)::int as transaction_count,
  coalesce(sum(t.amount_cents) filter (where ${isSale}), 0)::text as sales,
  coalesce(sum(-t.amount_cents) filter (where ${isRefund}), 0)::text as refunds,
  coalesce(sum(t.fee_cents) filter (where ${isFeeWithheld}), 0)::text as fees,
  count(*) filter (where ${isSale} and t.fee_cents > 0)::int as fee_items,
  (count(*) filter (where ${returned}) * ${returnedOrRejectedAchItemCents})::text as adjustments,
  coalesce(sum(-t.amount_cents) filter (where ${isChargeback}), 0)::text as chargebacks,
  count(*) filter (where ${isSale})::int as sales_count`;

const centsText = z.string().transform((text, ctx) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    ctx.addIssue({ code: 'custom', message: 'not whole cents' });
    return z.NEVER;
  }
  return value;
});
const optionalCents = z.union([z.null(), centsText, z.number().int()]);

const monthGroupRow = z.object({
  client_id: z.uuid(),
  processor: z.string().nullable(),
  payment_method: z.string().nullable(),
  card_brand: z.string().nullable(),
  action_mode: z.enum(actionModes).nullable(),
  payment_status: z.boolean().nullable(),
  pro_pay_status: z.enum(proPayStatuses).nullable(),
  count: z.number().int(),
  amount: centsText,
  fee: centsText,
  fee_items: z.number().int(),
});
export type MonthGroupRow = z.infer<typeof monthGroupRow>;

export type MonthInstants = { startAt: Date; endAt: Date };

function monthFilter(month: MonthInstants, clientId: string | null): SQL {
  const window = sql`t.created_at >= ${month.startAt.toISOString()}::timestamptz
    and t.created_at < ${month.endAt.toISOString()}::timestamptz and ${counted}`;
  return clientId === null ? window : sql`t.client_id = ${clientId} and ${window}`;
}

// The month's transactions in one GROUP BY over the raw facts the contracts rules read; the rules
// themselves run on the few thousand groups (statement-rules lineSumsOfGroups), not in SQL.
export async function groupMonth(executor: Executor, month: MonthInstants): Promise<MonthGroupRow[]> {
  const rows = await queryRows(
    executor,
    sql`select t.client_id, t.processor::text as processor, t.payment_method, t.card_brand,
        t.action_mode::text as action_mode, t.payment_status, t.pro_pay_status::text as pro_pay_status,
        count(*)::int as count, sum(t.amount_cents)::text as amount, sum(t.fee_cents)::text as fee,
        count(*) filter (where t.fee_cents > 0)::int as fee_items
      from transactions t
      where t.created_at >= ${month.startAt.toISOString()}::timestamptz
        and t.created_at < ${month.endAt.toISOString()}::timestamptz
      -- The raw columns, not their ::text casts: the enums are turned to text once per group, not per row.
      group by t.client_id, t.processor, t.payment_method, t.card_brand, t.action_mode, t.payment_status,
        t.pro_pay_status`,
  );
  return rows.map((row) => monthGroupRow.parse(row));
}

const postedRow = z.object({ client_id: z.uuid() });

export async function listPostedClientIds(executor: Executor, monthFirst: string): Promise<Set<string>> {
  const rows = await queryRows(
    executor,
    sql`select client_id from statements where month = ${monthFirst}::date`,
  );
  return new Set(rows.map((row) => postedRow.parse(row).client_id));
}

const pricingRow = z.object({
  client_id: z.uuid(),
  card_rate: z.string().nullable(),
  ach_rate: z.string().nullable(),
  crypto_rate: z.string().nullable(),
  monthly_fee_cents: optionalCents,
  pci_fee_cents: optionalCents,
  reg_fee_cents: optionalCents,
  monthly_min_cents: optionalCents,
});
export type PricingRow = z.infer<typeof pricingRow>;

export async function readPricing(executor: Executor, clientIds: readonly string[]): Promise<PricingRow[]> {
  if (clientIds.length === 0) return [];
  const rows = await queryRows(
    executor,
    sql`select client_id, card_rate, ach_rate, crypto_rate, monthly_fee_cents::text, pci_fee_cents::text,
        reg_fee_cents::text, monthly_min_cents::text
      from client_pricing where client_id = any(${`{${clientIds.join(',')}}`}::uuid[])`,
  );
  return rows.map((row) => pricingRow.parse(row));
}

export type StatementInsert = {
  clientId: string;
  totalTransactions: number;
  totalAmountCents: number;
  totalFeesCents: number;
  totalAdjustmentsCents: number;
  chargebacksAndReversalsCents: number;
  refundsAndVoidsCents: number;
  netCents: number;
  lines: {
    type: string;
    pricing: string | null;
    transactionCount: number;
    grossCents: number;
    feesCents: number;
    flatFeeCents: number;
    itemFeeCents: number;
    netCents: number;
  }[];
  processorFees: {
    processor: string;
    statementDate: string;
    detailDescription: string;
    itemCount: number;
    volumeCents: number;
    ratePercent: string;
    perItemCents: number;
    totalCents: number;
  }[];
};

const insertedCount = z.object({ n: z.number().int() });

// Statements, their lines and processor fees in one statement (data-modifying CTEs: one round trip);
// a merchant already posted for the month (another run got there first) keeps its statement and gets
// no second set of lines: lines and fees join only the statements this insert made.
export async function insertStatements(
  executor: Executor,
  month: string,
  postedAt: Date,
  statements: readonly StatementInsert[],
): Promise<number> {
  if (statements.length === 0) return 0;
  const heads = statements.map((s) => ({
    client_id: s.clientId,
    total_transactions: s.totalTransactions,
    total_amount_cents: s.totalAmountCents,
    total_fees_cents: s.totalFeesCents,
    total_adjustments_cents: s.totalAdjustmentsCents,
    chargebacks_and_reversals_cents: s.chargebacksAndReversalsCents,
    refunds_and_voids_cents: s.refundsAndVoidsCents,
    net_cents: s.netCents,
  }));
  const lines = statements.flatMap((s) =>
    s.lines.map((line, index) => ({
      client_id: s.clientId,
      position: index + 1,
      type: line.type,
      pricing: line.pricing,
      transaction_count: line.transactionCount,
      gross_cents: line.grossCents,
      fees_cents: line.feesCents,
      flat_fee_cents: line.flatFeeCents,
      item_fee_cents: line.itemFeeCents,
      net_cents: line.netCents,
    })),
  );
  const fees = statements.flatMap((s) =>
    s.processorFees.map((fee) => ({
      client_id: s.clientId,
      processor: fee.processor,
      statement_date: fee.statementDate,
      detail_description: fee.detailDescription,
      item_count: fee.itemCount,
      volume_cents: fee.volumeCents,
      rate_percent: fee.ratePercent,
      per_item_cents: fee.perItemCents,
      total_cents: fee.totalCents,
    })),
  );
  const rows = await queryRows(
    executor,
    sql`with inserted as (
        insert into statements (client_id, month, total_transactions, total_amount_cents, total_fees_cents,
          total_adjustments_cents, chargebacks_and_reversals_cents, refunds_and_voids_cents, net_cents, posted_at)
        select s.client_id, ${month}::date, s.total_transactions, s.total_amount_cents, s.total_fees_cents,
          s.total_adjustments_cents, s.chargebacks_and_reversals_cents, s.refunds_and_voids_cents, s.net_cents,
          ${postedAt.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(heads)}::jsonb) as s(client_id uuid, total_transactions int,
          total_amount_cents bigint, total_fees_cents bigint, total_adjustments_cents bigint,
          chargebacks_and_reversals_cents bigint, refunds_and_voids_cents bigint, net_cents bigint)
        on conflict (client_id, month) do nothing
        returning id, client_id, month, total_transactions, total_amount_cents, total_fees_cents,
          total_adjustments_cents, chargebacks_and_reversals_cents, refunds_and_voids_cents, net_cents
      ),
      statement_events as (
        ${webhookEventsFromRows({
          type: 'statement.posted',
          source: sql`inserted`,
          clientId: sql`s.client_id`,
          objectType: 'statement',
          objectId: sql`s.id`,
          data: sql`jsonb_build_object('month', to_char(s.month, 'YYYY-MM'),
            'total_transactions', s.total_transactions,
            'gross', ${sqlCentsAsDecimal(sql`s.total_amount_cents`)},
            'fees', ${sqlCentsAsDecimal(sql`s.total_fees_cents`)},
            'adjustments', ${sqlCentsAsDecimal(sql`s.total_adjustments_cents`)},
            'chargebacks_and_reversals', ${sqlCentsAsDecimal(sql`s.chargebacks_and_reversals_cents`)},
            'refunds_and_voids', ${sqlCentsAsDecimal(sql`s.refunds_and_voids_cents`)},
            'net', ${sqlCentsAsDecimal(sql`s.net_cents`)}, 'currency', 'USD')`,
          createdAt: postedAt,
        })}
      ),
      line_rows as (
        insert into statement_lines (statement_id, position, type, pricing, transaction_count, gross_cents, fees_cents,
          flat_fee_cents, item_fee_cents, net_cents)
        select i.id, l.position, l.type, l.pricing, l.transaction_count, l.gross_cents, l.fees_cents, l.flat_fee_cents,
          l.item_fee_cents, l.net_cents
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(client_id uuid, position smallint, type text,
          pricing text, transaction_count int, gross_cents bigint, fees_cents bigint, flat_fee_cents bigint,
          item_fee_cents bigint, net_cents bigint)
        join inserted i on i.client_id = l.client_id
      ),
      fee_rows as (
        insert into processor_fees (statement_id, processor, statement_date, detail_description, item_count,
          volume_cents, rate_percent, per_item_cents, total_cents)
        select i.id, f.processor::processor, f.statement_date, f.detail_description, f.item_count, f.volume_cents,
          f.rate_percent, f.per_item_cents, f.total_cents
        from jsonb_to_recordset(${JSON.stringify(fees)}::jsonb) as f(client_id uuid, processor text,
          statement_date date, detail_description text, item_count int, volume_cents bigint, rate_percent numeric,
          per_item_cents bigint, total_cents bigint)
        join inserted i on i.client_id = f.client_id
      )
      select count(*)::int as n from inserted`,
  );
  return insertedCount.parse(rows[0]).n;
}

const statementRow = z.object({
  id: z.uuid(),
  client_id: z.uuid(),
  merchant_name: z.string(),
  month: z.string(),
  total_transactions: z.number().int(),
  total_amount_cents: centsText,
  total_fees_cents: centsText,
  total_adjustments_cents: centsText,
  chargebacks_and_reversals_cents: centsText,
  refunds_and_voids_cents: centsText,
  net_cents: centsText,
  posted_at: z.string().nullable(),
});
export type StatementDbRow = z.infer<typeof statementRow>;

export async function findStatement(
  executor: Executor,
  clientId: string,
  monthFirst: string,
): Promise<StatementDbRow | null> {
  const rows = await queryRows(
    executor,
    sql`select s.id, s.client_id, coalesce(c.dba_name, c.name) as merchant_name, s.month::text as month,
        s.total_transactions, s.total_amount_cents::text, s.total_fees_cents::text, s.total_adjustments_cents::text,
        s.chargebacks_and_reversals_cents::text, s.refunds_and_voids_cents::text, s.net_cents::text,
        ${isoUtc(sql`s.posted_at`)} as posted_at
      from statements s join clients c on c.id = s.client_id
      where s.client_id = ${clientId} and s.month = ${monthFirst}::date`,
  );
  return rows[0] ? statementRow.parse(rows[0]) : null;
}

const lineRow = z.object({
  type: z.string(),
  pricing: z.string().nullable(),
  transaction_count: z.number().int(),
  gross_cents: centsText,
  fees_cents: centsText,
  flat_fee_cents: centsText,
  item_fee_cents: centsText,
  net_cents: centsText,
});
export type StatementLineDbRow = z.infer<typeof lineRow>;

export async function readStatementLines(
  executor: Executor,
  statementId: string,
): Promise<StatementLineDbRow[]> {
  const rows = await queryRows(
    executor,
    sql`select type, pricing, transaction_count, gross_cents::text, fees_cents::text, flat_fee_cents::text,
        item_fee_cents::text, net_cents::text
      from statement_lines where statement_id = ${statementId} order by position`,
  );
  return rows.map((row) => lineRow.parse(row));
}

const processorFeeDbRow = z.object({
  statement_date: z.string(),
  detail_description: z.string(),
  item_count: z.number().int(),
  volume_cents: centsText,
  rate_percent: z.string(),
  per_item_cents: centsText,
  total_cents: centsText,
});
export type ProcessorFeeDbRow = z.infer<typeof processorFeeDbRow>;

export async function readProcessorFees(
  executor: Executor,
  statementId: string,
): Promise<ProcessorFeeDbRow[]> {
  const rows = await queryRows(
    executor,
    sql`select statement_date::text, detail_description, item_count, volume_cents::text,
        to_char(rate_percent, 'FM9990.0000') as rate_percent, per_item_cents::text, total_cents::text
      from processor_fees where statement_id = ${statementId} order by processor, detail_description`,
  );
  return rows.map((row) => processorFeeDbRow.parse(row));
}

const dailyRow = z.object({
  day: z.string(),
  transaction_count: z.number().int(),
  sales: centsText,
  refunds: centsText,
  fees: centsText,
  adjustments: centsText,
  chargebacks: centsText,
});
export type DailyDbRow = z.infer<typeof dailyRow>;

// Daily rows of one merchant's month, summed from its transactions (index on client_id, created_at).
export async function readDailySums(
  executor: Executor,
  clientId: string,
  month: MonthInstants,
): Promise<DailyDbRow[]> {
  const rows = await queryRows(
    executor,
    sql`select to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${ledgerSums}
      from transactions t where ${monthFilter(month, clientId)}
      group by 1 order by 1`,
  );
  return rows.map((row) => dailyRow.parse(row));
}

// The id columns are uuid-typed, so the database already guarantees their shape: a string check
// here, not z.uuid()'s pattern, which cost more than the query itself on a busy merchant's payouts.
const payoutDbRow = z.object({
  id: z.string(),
  client_id: z.string(),
  merchant_name: z.string(),
  payout_date: z.string(),
  amount_cents: centsText,
  processor: z.string(),
  status: z.string(),
  statement_month: z.string(),
  settlement_id: z.string().nullable(),
});
export type PayoutDbRow = z.infer<typeof payoutDbRow>;

const payoutColumns = sql`p.id, p.client_id, coalesce(c.dba_name, c.name) as merchant_name,
  p.payout_date::text as payout_date, p.amount_cents::text, p.processor::text as processor, p.status::text as status,
  to_char(p.statement_month, 'YYYY-MM') as statement_month, p.settlement_id`;

// The merchants in scope, over alias p. One merchant (the common call) reads its index range in order.
function payoutScopeSql(clientIds: readonly string[] | 'all'): SQL {
  if (clientIds === 'all') return sql`true`;
  const [only, ...others] = clientIds;
  return only !== undefined && others.length === 0
    ? sql`p.client_id = ${only}::uuid`
    : sql`p.client_id = any(${`{${clientIds.join(',')}}`}::uuid[])`;
}

// The payouts list's order: newest first, then by merchant (several merchants) and processor, the id
// last so that every payout has one place and a page ends exactly where the next begins.
const payoutMerchantName = sql`coalesce(c.dba_name, c.name)`;
const payoutOrder = sql`p.payout_date desc, ${payoutMerchantName}, p.processor, p.id`;

// Payouts of the merchants in scope, newest first (index on client_id, payout_date).
export async function listPayouts(
  executor: Executor,
  clientIds: readonly string[] | 'all',
): Promise<PayoutDbRow[]> {
  if (clientIds !== 'all' && clientIds.length === 0) return [];
  const rows = await queryRows(
    executor,
    sql`select ${payoutColumns} from payouts p join clients c on c.id = p.client_id
      where ${payoutScopeSql(clientIds)} order by ${payoutOrder}`,
  );
  return rows.map((row) => payoutDbRow.parse(row));
}

// Every payout of the merchants in scope (an export's progress).
export async function countPayouts(
  executor: Executor,
  clientIds: readonly string[] | 'all',
): Promise<number> {
  if (clientIds !== 'all' && clientIds.length === 0) return 0;
  const [row] = await queryRows(
    executor,
    sql`select count(*)::int as count from payouts p where ${payoutScopeSql(clientIds)}`,
  );
  return Number(row?.count ?? 0);
}

// Where a page of payouts ended, in the list's order: the last row's date, merchant name, processor
// and id.
export type PayoutPageEnd = Pick<PayoutDbRow, 'payout_date' | 'merchant_name' | 'processor' | 'id'>;

// The payouts of the merchants in scope after `after` in the list's order (the whole list page by
// page, by the (client_id, payout_date) index): later in the list is an older date, or the same date
// and a later merchant name, processor and id.
export async function listPayoutsPage(
  executor: Executor,
  clientIds: readonly string[] | 'all',
  limit: number,
  after: PayoutPageEnd | undefined,
): Promise<PayoutDbRow[]> {
  if (clientIds !== 'all' && clientIds.length === 0) return [];
  const afterEnd = after
    ? sql`and (p.payout_date < ${after.payout_date}::date or (p.payout_date = ${after.payout_date}::date
        and (${payoutMerchantName}, p.processor, p.id) > (${after.merchant_name}::text, ${after.processor}::processor, ${after.id}::uuid)))`
    : sql``;
  const rows = await queryRows(
    executor,
    sql`select ${payoutColumns} from payouts p join clients c on c.id = p.client_id
      where ${payoutScopeSql(clientIds)} ${afterEnd} order by ${payoutOrder} limit ${limit}`,
  );
  return rows.map((row) => payoutDbRow.parse(row));
}

// The keys the Payouts grid's columns sort by in the database (an export in the grid's sort). The
// merchant as its name reads, case aside, compared character by character (the grid compares a run
// of digits as one number); the amount signed; the payout date and statement month as the days they
// name (the grid's yyyy-mm-dd and yyyy-mm texts sort the same way). Processor and status sort by
// their words in the grid, which nothing stored orders, so they have no key.
export const payoutSortKeys = {
  merchant_name: { expression: sql`lower(${payoutMerchantName}) collate "C"`, type: 'text' },
  amount: { expression: sql`p.amount_cents`, type: 'numeric' },
  payout_date: { expression: sql`p.payout_date`, type: 'date' },
  statement_month: { expression: sql`p.statement_month`, type: 'date' },
} as const satisfies Record<string, Omit<SortKey, 'direction'>>;

export const payoutIdKey: Omit<SortKey, 'direction'> = { expression: sql`p.id`, type: 'uuid' };

const pageEnd = z.array(z.string());

// The payouts of the merchants in scope after `after` in the keys' order (the whole list page by
// page in a sort the grid asked), with the keys' values where each row is.
export async function listPayoutsSortedPage(
  executor: Executor,
  clientIds: readonly string[] | 'all',
  keys: readonly SortKey[],
  limit: number,
  after: readonly string[] | undefined,
): Promise<{ row: PayoutDbRow; end: string[] }[]> {
  if (clientIds !== 'all' && clientIds.length === 0) return [];
  const rows = await queryRows(
    executor,
    sql`select ${payoutColumns}, ${keyValuesOf(keys)} as page_end
      from payouts p join clients c on c.id = p.client_id
      where ${payoutScopeSql(clientIds)} ${after ? sql`and ${afterKeyValues(keys, after)}` : sql``}
      order by ${orderByKeys(keys)} limit ${limit}`,
  );
  return rows.map((row) => ({ row: payoutDbRow.parse(row), end: pageEnd.parse(row.page_end) }));
}

export async function findPayout(executor: Executor, id: string): Promise<PayoutDbRow | null> {
  const rows = await queryRows(
    executor,
    sql`select ${payoutColumns} from payouts p join clients c on c.id = p.client_id where p.id = ${id}`,
  );
  return rows[0] ? payoutDbRow.parse(rows[0]) : null;
}

const settlementDbRow = z.object({
  settlement_date: z.string(),
  transaction_count: z.number().int(),
  gross_cents: centsText,
  fee_cents: centsText,
  adjustments_cents: centsText,
  chargebacks_cents: centsText,
  net_cents: centsText,
});

export async function findSettlement(executor: Executor, id: string) {
  const rows = await queryRows(
    executor,
    sql`select settlement_date::text, transaction_count, gross_cents::text, fee_cents::text,
        adjustments_cents::text, chargebacks_cents::text, net_cents::text
      from settlements where id = ${id}`,
  );
  return rows[0] ? settlementDbRow.parse(rows[0]) : null;
}

// String ids for the reason given at payoutDbRow: a busy payout holds thousands of items.
const payoutItemRow = z.object({
  id: z.string(),
  transaction_date: z.string(),
  auth_amount_cents: centsText,
  net_amount_cents: centsText,
  kind: z.enum(payoutItemKinds).nullable(),
  type: z.string().nullable(),
  card_brand: z.string().nullable(),
  last4: z.string().nullable(),
  action_mode: z.string().nullable(),
});
export type PayoutItemRow = z.infer<typeof payoutItemRow>;

// The transactions a payout paid, as posted; the partition key narrows each lookup to its month.
// locations: only the transactions made at these sub-locations (null: all of them).
export async function readPayoutItems(
  executor: Executor,
  payoutId: string,
  locations: readonly string[] | null = null,
): Promise<PayoutItemRow[]> {
  const atLocations =
    locations === null ? sql`true` : sql`t.sub_entity_id = any(${`{${locations.join(',')}}`}::uuid[])`;
  const rows = await queryRows(
    executor,
    sql`select i.transaction_id as id,
        ${isoUtc(sql`i.transaction_created_at`)} as transaction_date,
        i.auth_amount_cents::text, i.net_amount_cents::text, i.kind::text as kind, t.payment_method as type,
        t.card_brand, t.last4, t.action_mode::text as action_mode
      from payout_items i
      left join transactions t on t.id = i.transaction_id and t.created_at = i.transaction_created_at
      where i.payout_id = ${payoutId} and ${atLocations}
      order by i.transaction_created_at, i.transaction_id`,
  );
  return rows.map((row) => payoutItemRow.parse(row));
}

// The logo printed on the statement: the merchant's parent's (its brand), else the merchant's own.
export async function findStatementLogo(executor: Executor, clientId: string): Promise<Buffer | null> {
  const rows = await queryRows(
    executor,
    sql`select b.content from clients c
      left join clients p on p.id = c.parent_id
      join file_blobs b on b.storage_key = coalesce(p.logo_storage_key, c.logo_storage_key)
      where c.id = ${clientId}`,
  );
  const content = rows[0]?.content;
  return content instanceof Uint8Array ? Buffer.from(content) : null;
}

export async function findMerchantName(executor: Executor, clientId: string): Promise<string | null> {
  const rows = await queryRows(
    executor,
    sql`select coalesce(dba_name, name) as name from clients where id = ${clientId}`,
  );
  return rows[0] ? z.object({ name: z.string() }).parse(rows[0]).name : null;
}

// Settlement groups of the settlement days from..to (yyyy-mm-dd), their payouts and payout items,
// from the transactions settled those days (contracts groupSettlements as SQL). The daily job posts
// one day; the demo seed posts its whole history in one pass through the same statements. Groups
// already posted are left alone: the unique keys (client, day, processor) and (settlement) make a
// second run add nothing.
export async function insertSettlementsOfDays(
  executor: Executor,
  days: { from: string; to: string },
  postedAt: Date,
): Promise<number> {
  // A transaction settles within days of being made; the bound lets the partitions outside it be skipped.
  // Cash is never deposited (contracts isSettledTransaction), whatever its row says of a processor.
  const settled = sql`t.settlement_date >= ${days.from}::date and t.settlement_date <= ${days.to}::date
    and t.processor is not null and ${counted} and t.payment_method is distinct from 'cash'
    and t.created_at >= ${days.from}::date - ${settlementLookbackDays}::int and t.created_at < ${days.to}::date + 1`;
  // One statement: each insert reads the rows the one before it made (RETURNING), not an id list.
  // The settled transactions are read once (settled_rows, materialized); the groups and the items
  // both read that, so the items hash-join their payouts. Joined to the transactions table instead,
  // the planner (no column statistics yet on the rows the seed inserted in its own transaction, so
  // 18 rows estimated) looped over the payouts with an index scan of each one's merchant: 73 s at
  // 200,000 transactions, over ten minutes at 1,000,000.
  const rows = await queryRows(
    executor,
    sql`with settled_rows as materialized (
        select t.id, t.created_at, t.client_id, t.settlement_date, t.processor, t.amount_cents, t.fee_cents,
          t.action_mode, t.payment_status, t.pro_pay_status, ${netOfTransaction} as net_cents,
          ${kindOfTransaction} as kind, ${statementMonthOf} as statement_month
        from transactions t
        where ${settled}
      ),
      groups as (
        insert into settlements (client_id, settlement_date, processor, statement_month, transaction_count,
          gross_cents, fee_cents, adjustments_cents, chargebacks_cents, net_cents, created_at)
        select t.client_id, t.settlement_date, t.processor, t.statement_month, count(*)::int,
          (coalesce(sum(t.amount_cents) filter (where ${isSale}), 0) + coalesce(sum(-t.amount_cents) filter (where ${isRefund}), 0)),
          coalesce(sum(t.fee_cents) filter (where ${isFeeWithheld}), 0),
          count(*) filter (where ${returned}) * ${returnedOrRejectedAchItemCents},
          coalesce(sum(-t.amount_cents) filter (where ${isChargeback}), 0),
          sum(t.net_cents),
          ${postedAt.toISOString()}::timestamptz
        from settled_rows t
        group by t.client_id, t.settlement_date, t.processor, t.statement_month
        on conflict (client_id, settlement_date, processor, statement_month) do nothing
        returning id, client_id, settlement_date, processor, statement_month, net_cents
      ),
      paid as (
        insert into payouts (client_id, settlement_id, payout_date, amount_cents, processor, statement_month, status,
          created_at)
        select g.client_id, g.id, g.settlement_date, g.net_cents, g.processor, g.statement_month,
          (case when c.pause_settlement or not m.is_active then 'held' else 'scheduled' end)::payout_status,
          ${postedAt.toISOString()}::timestamptz
        from groups g left join client_configs c on c.client_id = g.client_id
          join clients m on m.id = g.client_id
        on conflict (settlement_id) do nothing
        returning id, client_id, payout_date, processor, statement_month, amount_cents, status
      ),
      payout_events as (
        ${webhookEventsFromRows({
          type: 'payout.paid',
          source: sql`paid`,
          // A held payout (settlement paused, merchant inactive) is not sent: no event until it is.
          where: sql`s.status = 'scheduled'`,
          clientId: sql`s.client_id`,
          objectType: 'payout',
          objectId: sql`s.id`,
          data: sql`jsonb_build_object('amount', ${sqlCentsAsDecimal(sql`s.amount_cents`)}, 'currency', 'USD',
            'payout_date', s.payout_date, 'statement_month', to_char(s.statement_month, 'YYYY-MM'))`,
          createdAt: postedAt,
        })}
      ),
      items as (
        insert into payout_items (payout_id, transaction_id, transaction_created_at, auth_amount_cents,
          net_amount_cents, kind)
        select p.id, t.id, t.created_at, t.amount_cents, t.net_cents, t.kind
        from settled_rows t
        join paid p on p.client_id = t.client_id and p.processor = t.processor and p.payout_date = t.settlement_date
          and p.statement_month = t.statement_month
        on conflict do nothing
      )
      select count(*)::int as n from groups`,
  );
  return insertedCount.parse(rows[0]).n;
}

const settlementLookbackDays = 45;

// The statement month of a transaction (the UTC month it was made in), as the first day of it.
const statementMonthOf = sql`date_trunc('month', t.created_at at time zone 'UTC')::date`;

const statementPayoutRow = z.object({
  id: z.string(),
  payout_date: z.string(),
  processor: z.string(),
  status: z.string(),
  amount_cents: centsText,
});
export type StatementPayoutRow = z.infer<typeof statementPayoutRow>;

// The payouts of one merchant's statement month (index on client_id, statement_month).
export async function listStatementPayouts(
  executor: Executor,
  clientId: string,
  monthFirst: string,
): Promise<StatementPayoutRow[]> {
  const rows = await queryRows(
    executor,
    sql`select p.id, p.payout_date::text as payout_date, p.processor::text as processor, p.status::text as status,
        p.amount_cents::text
      from payouts p where p.client_id = ${clientId} and p.statement_month = ${monthFirst}::date
      order by p.payout_date, p.processor`,
  );
  return rows.map((row) => statementPayoutRow.parse(row));
}

const pendingRow = z.object({ pending: centsText });

// What of a merchant's month is still pending: the net (contracts netAmountCentsOfTransaction) of
// its deposited transactions (counted, not cash) that no payout of the month holds yet. One aggregate
// over the month's transactions (index on client_id, created_at) against the month's payout items.
export async function readPendingCents(
  executor: Executor,
  clientId: string,
  month: MonthInstants & { first: string },
): Promise<number> {
  const rows = await queryRows(
    executor,
    sql`select coalesce(sum(${netOfTransaction}), 0)::text as pending
      from transactions t
      where ${monthFilter(month, clientId)} and t.payment_method is distinct from 'cash'
        and not exists (select 1 from payout_items i join payouts p on p.id = i.payout_id
          where p.client_id = ${clientId} and p.statement_month = ${month.first}::date
            and i.transaction_id = t.id and i.transaction_created_at = t.created_at)`,
  );
  return pendingRow.parse(rows[0]).pending;
}
