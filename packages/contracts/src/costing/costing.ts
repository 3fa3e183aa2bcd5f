import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { moneyOutput } from '../money/money';
import { transactionTypeSchema } from '../transactions/transaction-enums';
import { costingProcessors } from './cost-rules';

// The Costing page: its rows, GET /api/costing and /api/v1/costing?start&end, 90 days by default;
// aggregated amounts show 2 decimals, the Bluesnap margin percent 4.

export const costingFileName = 'Costing.xlsx';
export const costingEstimatesFileName = 'Costing Estimates.xlsx';
export const defaultCostingRangeDays = 90;
// A year and a day: enough for any yearly review, bounded so one call stays cheap.
export const maxCostingRangeDays = 366;
// The estimates list one row per transaction; beyond this the window must shrink.
export const maxCostingEstimateRows = 100_000;

export const CostingText = {
  WindowTooLong: `Choose at most ${maxCostingRangeDays} days`,
  StartAfterEnd: 'Start date must be on or before end date',
  StartAndEndTogether: 'start and end go together',
  TooManyEstimateRows: `More than ${maxCostingEstimateRows.toLocaleString('en-US')} transactions: narrow the dates`,
} as const;

export const CostingErrorCode = { TooManyEstimateRows: 'COSTING_TOO_MANY_ROWS' } as const;

const dayMs = 86_400_000;

export function shiftCostingDay(day: string, days: number): string {
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    throw new RangeError(`Not a yyyy-mm-dd day: ${day}`);
  }
  return new Date(ms + days * dayMs).toISOString().slice(0, 10);
}

export type CostingWindow = { start: string; end: string };

// From 90 days ago to today, the way the classic report's "last 7 days" runs from a week ago.
export function defaultCostingWindow(today: string): CostingWindow {
  return { start: shiftCostingDay(today, -defaultCostingRangeDays), end: today };
}

// Days covered by an inclusive window.
export function costingWindowDays(window: CostingWindow): number {
  return (
    Math.round(
      (Date.parse(`${window.end}T00:00:00.000Z`) - Date.parse(`${window.start}T00:00:00.000Z`)) / dayMs,
    ) + 1
  );
}

// Inclusive whole UTC days, as [startAt, endAt) instants.
export function costingInstantsOf(window: CostingWindow): { startAt: Date; endAt: Date } {
  return {
    startAt: new Date(`${window.start}T00:00:00.000Z`),
    endAt: new Date(Date.parse(`${window.end}T00:00:00.000Z`) + dayMs),
  };
}

// Both calls take the same window; without one they cover the default 90 days.
export const costingQuery = z
  .object({ start: z.iso.date().optional(), end: z.iso.date().optional() })
  .superRefine((query, ctx) => {
    if ((query.start === undefined) !== (query.end === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: CostingText.StartAndEndTogether });
      return;
    }
    if (query.start === undefined || query.end === undefined) return;
    if (query.start > query.end) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: CostingText.StartAfterEnd });
    } else if (costingWindowDays({ start: query.start, end: query.end }) > maxCostingRangeDays) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: CostingText.WindowTooLong });
    }
  });
export type CostingQuery = z.infer<typeof costingQuery>;

const percentOutput = z.string().regex(/^-?\d+\.\d{4}$/);

export const costingProcessorSchema = z.enum(costingProcessors);

// The costing report grid: one row per settlement date, merchant, processor and
// payment method. Before the product's fields, what identifies the row; after them, what it has no
// column for (the Bluesnap margin share itself, other processors' costs, items no model prices).
// settlement_date is null for items that never settle (declines): they still pay item fees.
export const costingRowSchema = z.object({
  settlement_date: z.iso.date().nullable(),
  merchant_id: z.uuid(),
  dba_name: z.string(),
  parent: z.string().nullable(),
  processor: costingProcessorSchema,
  payment_method: z.string().nullable(),
  transactions: z.number().int().min(0),
  costing_total: moneyOutput,
  profit: moneyOutput,
  triple_tip: moneyOutput,
  triple_surcharge: moneyOutput,
  triple_platform_fee: moneyOutput,
  triple_cash_discount: moneyOutput,
  triple_convenience_fee: moneyOutput,
  triple_initial_amount: moneyOutput,
  triple_charge_rate: z.string().nullable(),
  triple_charge_rate_type: z.enum(['interchange_plus', 'flat_rate']).nullable(),
  fis_split_fee: moneyOutput,
  fis_interchange_amount: moneyOutput,
  fis_surcharge_amount: moneyOutput,
  fis_convenience_fee_amount: moneyOutput,
  fis_fee: moneyOutput,
  fis_dues_and_assessments: moneyOutput,
  bluesnap_fee: moneyOutput,
  bluesnap_dues_and_assessments: moneyOutput,
  bluesnap_interchange_amount: moneyOutput,
  bluesnap_percent_of_remaining_margin: percentOutput,
  propay_bin_fee: moneyOutput,
  propay_ach_fee: moneyOutput,
  propay_split_pay_fee: moneyOutput,
  propay_interchange_fee: moneyOutput,
  propay_authorization_fee: moneyOutput,
  epx_estimated_fee: moneyOutput,
  epx_estimated_dues_and_assessments: moneyOutput,
  epx_estimated_interchange_amount: moneyOutput,
  bluesnap_margin_share: moneyOutput,
  other_processor_costs: moneyOutput,
  unpriced_transactions: z.number().int().min(0),
});
export type CostingRow = z.infer<typeof costingRowSchema>;

export const costingResponse = successEnvelope(z.array(costingRowSchema));

// Costing estimates: one row per transaction, with the cost its processor's model
// puts on it (the product's fields first, then id and the estimate).
export const costingEstimateRowSchema = z.object({
  parent: z.string().nullable(),
  dba_name: z.string(),
  mcc_code: z.string().nullable(),
  created_at: z.iso.datetime(),
  payment_method_used: z.string().nullable(),
  processor: costingProcessorSchema,
  type: transactionTypeSchema,
  action: z.string().nullable(),
  status: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_type: z.string().nullable(),
  amount: moneyOutput,
  fee: moneyOutput,
  settlement_amount: moneyOutput.nullable(),
  settlement_date: z.iso.date().nullable(),
  id: z.uuid(),
  estimated_interchange: moneyOutput,
  estimated_dues_and_assessments: moneyOutput,
  estimated_processor_fees: moneyOutput,
  estimated_cost: moneyOutput,
  // false: no cost model prices this transaction (its estimate is 0).
  is_priced: z.boolean(),
});
export type CostingEstimateRow = z.infer<typeof costingEstimateRowSchema>;

export const costingEstimatesResponse = successEnvelope(z.array(costingEstimateRowSchema));
