import {
  type CostModel,
  marginSharePercentScale,
  milliBasisPointsScale,
  parseScaledDecimal,
} from '@portico/contracts/costing/cost-rules';
import { costingProcessorSchema } from '@portico/contracts/costing/costing';
import {
  grossSignOfActionMode,
  isReturnedOrRejectedAchItem,
} from '@portico/contracts/transactions/gross-net';
import {
  actionModes,
  proPayStatuses,
  transactionTypeSchema,
} from '@portico/contracts/transactions/transaction-enums';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { processorCostModels } from '../../db/schema/costing';
import { isoUtc } from '../../db/sql-json';
import { queryRows } from '../../db/sql-rows';
import { grossCentsSql, isNotFailedPaymentSql } from '../reporting/gross-sql';

export type CostingInstants = { startAt: Date; endAt: Date };

// The contracts gross rule, and its parts the costing sums need, as SQL over alias t. The lists come
// from the contracts rules so the SQL cannot drift from them.
const gross = sql.raw(grossCentsSql('t'));
const isNotFailed = sql.raw(isNotFailedPaymentSql('t'));
const addingActionModes = actionModes.filter((mode) => grossSignOfActionMode(mode) === 1);
const returnedOrRejectedStatuses = proPayStatuses.filter((status) => isReturnedOrRejectedAchItem(status));

function textList(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

const isReturnedOrRejected = sql`coalesce(t.pro_pay_status::text in (${textList(returnedOrRejectedStatuses)}), false)`;
// contracts isGrossAddition.
const isAddition = sql`(not ${isReturnedOrRejected} and ${isNotFailed}
  and t.action_mode::text in (${textList(addingActionModes)}))`;

// What costing covers: transactions a processor handled in the window. Cash has no processor; a
// batch-close record (no action mode) sums payments already counted one by one.
function costedTransactions(window: CostingInstants): SQL {
  return sql`t.created_at >= ${window.startAt.toISOString()}::timestamptz
    and t.created_at < ${window.endAt.toISOString()}::timestamptz
    and t.processor is not null and t.action_mode is not null`;
}

// Integer cents from a decimal text (sums arrive as numeric text on both drivers).
const centsText = z.string().transform((text, ctx) => {
  const cents = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(cents)) {
    ctx.addIssue({ code: 'custom', message: 'not whole cents' });
    return z.NEVER;
  }
  return cents;
});

const merchantColumns = {
  dba_name: z.string(),
  parent: z.string().nullable(),
};

const bucketRow = z.object({
  client_id: z.uuid(),
  settlement_date: z.iso.date().nullable(),
  processor: costingProcessorSchema,
  payment_method: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_type: z.string().nullable(),
  day: z.iso.date(),
  items: z.coerce.number().int(),
  sales: z.coerce.number().int(),
  volume: centsText,
  platform_fee: centsText,
  surcharge: centsText,
  ...merchantColumns,
  card_rate: z.string().nullable(),
  ach_rate: z.string().nullable(),
  crypto_rate: z.string().nullable(),
});
export type CostBucketRow = z.infer<typeof bucketRow>;

// The window's transactions summed per settlement date, merchant, processor, payment method, card
// brand, card type and day (the day picks the cost model in force): everything a costing row needs,
// in the order the rows are shown.
export async function readCostBuckets(executor: Executor, window: CostingInstants): Promise<CostBucketRow[]> {
  const rows = await queryRows(
    executor,
    sql`select b.*, coalesce(m.dba_name, m.name) as dba_name, p.name as parent,
        cp.card_rate, cp.ach_rate, cp.crypto_rate
      from (
        select t.client_id, t.settlement_date::text as settlement_date, t.processor::text as processor,
          t.payment_method, t.card_brand, t.card_type,
          to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
          count(*) filter (where t.request_status)::int as items,
          count(*) filter (where ${isAddition})::int as sales,
          coalesce(sum(${gross}) filter (where not ${isReturnedOrRejected}), 0)::text as volume,
          coalesce(sum(t.fee_cents) filter (where ${isAddition}), 0)::text as platform_fee,
          coalesce(sum(t.surcharge_cents) filter (where ${isAddition}), 0)::text as surcharge
        from transactions t
        where ${costedTransactions(window)}
        group by 1, 2, 3, 4, 5, 6, 7
      ) b
      join clients m on m.id = b.client_id
      left join clients p on p.id = m.parent_id
      left join client_pricing cp on cp.client_id = b.client_id
      order by b.settlement_date desc nulls last, dba_name, b.client_id, b.processor, b.payment_method nulls last,
        b.card_brand nulls last, b.card_type nulls last, b.day`,
  );
  return rows.map((row) => bucketRow.parse(row));
}

const estimateTransactionRow = z.object({
  id: z.uuid(),
  created_at: z.iso.datetime(),
  day: z.iso.date(),
  processor: costingProcessorSchema,
  payment_method: z.string().nullable(),
  type: transactionTypeSchema,
  action: z.string().nullable(),
  action_mode: z.enum(actionModes),
  status: z.string().nullable(),
  payment_status: z.boolean().nullable(),
  request_status: z.boolean(),
  pro_pay_status: z.enum(proPayStatuses).nullable(),
  card_brand: z.string().nullable(),
  card_type: z.string().nullable(),
  amount: centsText,
  fee: centsText,
  surcharge: centsText,
  settlement_amount: centsText.nullable(),
  settlement_date: z.iso.date().nullable(),
  ...merchantColumns,
  mcc_code: z.string().nullable(),
});
export type EstimateTransactionRow = z.infer<typeof estimateTransactionRow>;

// The window's costed transactions one by one, newest first, at most `limit`.
export async function readEstimateTransactions(
  executor: Executor,
  window: CostingInstants,
  limit: number,
): Promise<EstimateTransactionRow[]> {
  const rows = await queryRows(
    executor,
    sql`select t.id, ${isoUtc(sql`t.created_at`)} as created_at,
        to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
        t.processor::text as processor, t.payment_method, t.type::text as type, t.action,
        t.action_mode::text as action_mode, t.status, t.payment_status, t.request_status,
        t.pro_pay_status::text as pro_pay_status, t.card_brand, t.card_type,
        t.amount_cents::text as amount, t.fee_cents::text as fee, t.surcharge_cents::text as surcharge,
        t.settlement_amount_cents::text as settlement_amount, t.settlement_date::text as settlement_date,
        coalesce(m.dba_name, m.name) as dba_name, p.name as parent, m.mcc_code
      from (
        select * from transactions t where ${costedTransactions(window)}
        order by t.created_at desc, t.id desc
        limit ${limit}
      ) t
      join clients m on m.id = t.client_id
      left join clients p on p.id = m.parent_id
      order by t.created_at desc, t.id desc`,
  );
  return rows.map((row) => estimateTransactionRow.parse(row));
}

function scaled(text: string, scale: number, column: string): number {
  const value = parseScaledDecimal(text, scale);
  if (value === null) throw new Error(`processor_cost_models.${column} is not a number: ${text}`);
  return value;
}

// Every cost model row (a few dozen): the service picks the one in force per transaction day.
export async function readCostModels(executor: Executor): Promise<CostModel[]> {
  const rows = await executor.select().from(processorCostModels);
  return rows.map((row) => ({
    processor: row.processor,
    cardBrand: row.cardBrand,
    cardType: row.cardType,
    interchangeMilliBps: scaled(row.interchangeBps, milliBasisPointsScale, 'interchange_bps'),
    duesAssessmentsMilliBps: scaled(row.duesAssessmentsBps, milliBasisPointsScale, 'dues_assessments_bps'),
    processorMilliBps: scaled(row.processorBps, milliBasisPointsScale, 'processor_bps'),
    perItemCents: row.perItemCents,
    authorizationFeeCents: row.authorizationFeeCents,
    splitFeeCents: row.splitFeeCents,
    marginSharePercentScaled: scaled(row.marginSharePercent, marginSharePercentScale, 'margin_share_percent'),
    effectiveFrom: row.effectiveFrom,
    effectiveTo: row.effectiveTo,
  }));
}
