import {
  averageTicketCents,
  owedToParentCents,
  type RevShareAdminRow,
  type RevShareRow,
  revShareMonths,
  revShareOf,
} from '@portico/contracts/billing/revenue-share';
import type { CostingRow } from '@portico/contracts/costing/costing';
import { formatCentsAsDecimal, parseDecimalToCents } from '@portico/contracts/money/money';
import { shiftYearMonth, statementMonthDays } from '@portico/contracts/statements/statement-month';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../../access/caller';
import { resolveReportAccess } from '../../access/report-access';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/sql-rows';
import { costingRows } from '../costing/costing.service';

// The revenue share of each sub-merchant and month, from what costing computes for the
// month (fees collected, processor costs) and its parent's rev_share_percentage and rev_share_formula
// (contracts billing/revenue-share.ts holds the rule).

const money = formatCentsAsDecimal;

function centsOf(text: string): number {
  const cents = parseDecimalToCents(text);
  if (cents === null) throw new Error(`costing answered a figure that is not money: ${text}`);
  return cents;
}

type MonthSums = {
  transactions: number;
  totalCents: number;
  feesCents: number;
  costingCents: number;
  interchangeCents: number;
};

// The interchange a costing row passed through, whichever processor's column holds it.
function interchangeCentsOf(row: CostingRow): number {
  return (
    centsOf(row.fis_interchange_amount) +
    centsOf(row.bluesnap_interchange_amount) +
    centsOf(row.epx_estimated_interchange_amount) +
    centsOf(row.propay_interchange_fee)
  );
}

// One month's costing rows summed per merchant.
async function monthSums(
  executor: Executor,
  yearMonth: string,
  today: string,
): Promise<Map<string, MonthSums>> {
  const { first, last } = statementMonthDays(yearMonth);
  const sums = new Map<string, MonthSums>();
  for (const row of await costingRows(executor, { start: first, end: last < today ? last : today })) {
    const sum = sums.get(row.merchant_id) ?? {
      transactions: 0,
      totalCents: 0,
      feesCents: 0,
      costingCents: 0,
      interchangeCents: 0,
    };
    sum.transactions += row.transactions;
    sum.totalCents += centsOf(row.triple_initial_amount);
    sum.feesCents += centsOf(row.triple_platform_fee);
    sum.costingCents += centsOf(row.costing_total);
    sum.interchangeCents += interchangeCentsOf(row);
    sums.set(row.merchant_id, sum);
  }
  return sums;
}

const merchantFacts = z.object({
  id: z.uuid(),
  name: z.string(),
  date_onboarded: z.iso.date().nullable(),
  parent_id: z.uuid().nullable(),
  parent_name: z.string().nullable(),
  rev_share_percentage: z.string().nullable(),
  rev_share_formula: z.string().nullable(),
  card_rate: z.string().nullable(),
});
type MerchantFacts = z.infer<typeof merchantFacts>;

async function readMerchantFacts(
  executor: Executor,
  ids: readonly string[],
): Promise<Map<string, MerchantFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows(
    executor,
    sql`select c.id, c.name, coalesce(c.start_date, c.created_at::date)::text as date_onboarded,
        c.parent_id, p.name as parent_name, pc.rev_share_percentage::text as rev_share_percentage,
        pc.rev_share_formula, cp.card_rate
      from clients c
      left join clients p on p.id = c.parent_id
      left join client_configs pc on pc.client_id = p.id
      left join client_pricing cp on cp.client_id = c.id
      where c.id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((row) => merchantFacts.parse(row)).map((row) => [row.id, row]));
}

const billSum = z.object({
  client_id: z.uuid(),
  month: z.string(),
  total: z.coerce.number().int(),
  unpaid: z.coerce.number().int(),
});

// The merchants' bills per month (billing line items by statement date): all, and still unpaid.
async function readClientFees(
  executor: Executor,
  since: string,
): Promise<Map<string, { total: number; unpaid: number }>> {
  const rows = await queryRows(
    executor,
    sql`select client_id, to_char(statement_date, 'YYYY-MM') as month, sum(total_cents)::text as total,
        coalesce(sum(total_cents) filter (where paid_at is null), 0)::text as unpaid
      from billing_line_items where statement_date >= ${since}::date
      group by 1, 2`,
  );
  return new Map(rows.map((row) => billSum.parse(row)).map((row) => [`${row.client_id}:${row.month}`, row]));
}

type RevShareScope = 'all' | readonly string[];

// The merchants the caller's report covers (staff: every one, a clientid narrowing it; a parent: the
// merchants below it).
async function revShareScopeOf(executor: Executor, caller: Caller): Promise<RevShareScope> {
  const access = await resolveReportAccess(executor, caller, null);
  return access.scope.kind === 'all' ? 'all' : access.scope.clientIds;
}

type ComputedRow = {
  merchant: MerchantFacts;
  month: string;
  sums: MonthSums;
  parts: ReturnType<typeof revShareOf>;
  clientFees: { total: number; unpaid: number };
};

// Every sub-merchant in scope with payments in the last revShareMonths months (running month first).
async function computeRows(executor: Executor, scope: RevShareScope, now: Date): Promise<ComputedRow[]> {
  const today = now.toISOString().slice(0, 10);
  const months = Array.from({ length: revShareMonths }, (_, k) => shiftYearMonth(today.slice(0, 7), -k));
  const byMonth = await Promise.all(
    months.map(async (month) => ({ month, sums: await monthSums(executor, month, today) })),
  );
  const ids = new Set<string>();
  for (const { sums } of byMonth)
    for (const id of sums.keys()) if (scope === 'all' || scope.includes(id)) ids.add(id);
  const [facts, fees] = await Promise.all([
    readMerchantFacts(executor, [...ids]),
    readClientFees(executor, `${months[months.length - 1]}-01`),
  ]);
  const rows: ComputedRow[] = [];
  for (const { month, sums } of byMonth) {
    for (const [id, sum] of sums) {
      const merchant = facts.get(id);
      if (!merchant || !ids.has(id)) continue;
      const parts = revShareOf({
        feesCollectedCents: sum.feesCents,
        costingCents: sum.costingCents,
        percentage: merchant.rev_share_percentage ?? '0.00',
        formula: merchant.rev_share_formula,
      });
      rows.push({
        merchant,
        month,
        sums: sum,
        parts,
        clientFees: fees.get(`${id}:${month}`) ?? { total: 0, unpaid: 0 },
      });
    }
  }
  return rows.sort(
    (a, b) =>
      b.month.localeCompare(a.month) ||
      (a.merchant.parent_name ?? '').localeCompare(b.merchant.parent_name ?? '') ||
      a.merchant.name.localeCompare(b.merchant.name),
  );
}

// GET /api/revshare: the Rev Share page's rows.
export async function revShareRows(executor: Executor, caller: Caller, now: Date): Promise<RevShareRow[]> {
  return (await computeRows(executor, await revShareScopeOf(executor, caller), now)).map(
    ({ merchant, month, sums, parts }) => ({
      id: `${merchant.id}:${month}`,
      sub_merchant_name: merchant.name,
      parent_name: merchant.parent_name,
      date_onboarded: merchant.date_onboarded,
      transaction_month: month,
      transactions: sums.transactions,
      total_transaction_amount: money(sums.totalCents),
      total_transaction_fee: money(sums.feesCents),
      total_costing: money(parts.costingCents),
      epx_revenue_collected: money(parts.revenueCollectedCents),
      total_profit: money(parts.profitCents),
      rev_share: merchant.rev_share_percentage ?? '0.00',
      payout: money(parts.payoutCents),
      post_payout_profit: money(parts.postPayoutProfitCents),
    }),
  );
}

// GET /api/report/revshare_all: the Revenue Sharing Admin rows, an array per row.
export async function revShareAdminRows(
  executor: Executor,
  caller: Caller,
  now: Date,
): Promise<RevShareAdminRow[]> {
  return (await computeRows(executor, await revShareScopeOf(executor, caller), now)).map(
    ({ merchant, month, sums, parts, clientFees }) => [
      merchant.parent_name,
      merchant.name,
      merchant.id,
      month,
      sums.transactions,
      money(sums.totalCents),
      money(averageTicketCents(sums.totalCents, sums.transactions)),
      merchant.card_rate,
      money(parts.revenueCollectedCents),
      money(sums.interchangeCents),
      money(parts.costingCents),
      money(parts.profitCents),
      merchant.rev_share_percentage ?? '0.00',
      money(parts.payoutCents),
      money(clientFees.total),
      money(owedToParentCents(parts.payoutCents, clientFees.unpaid)),
    ],
  );
}
