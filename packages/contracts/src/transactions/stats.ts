import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { moneyOutput } from '../money/money';

// GET /api/stats?id={merchant}: last7 and last30 lists (transactions and total), plus
// monthlyVolume. The dashboard date windows end yesterday and cover the prior 7 and 30 days.

// Without id: the caller's default merchant, or every merchant in reach for staff without one.
export const statsQuery = z.object({ id: z.uuid().optional() });

// One entry per list: the window's count of transactions that are not failed payments and its gross
// amount. start and end (inclusive days) let the dashboard show, and tests check, the
// window the figures cover.
export const transactionMetricsSchema = z.object({
  start: z.iso.date(),
  end: z.iso.date(),
  transactions: z.number().int().min(0),
  total: moneyOutput,
});
export type TransactionMetrics = z.infer<typeof transactionMetricsSchema>;

// 'Monthly Payout Volume': months as YYYY-MM, oldest first.
export const monthlyVolumeSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  total: moneyOutput,
});
export type MonthlyVolume = z.infer<typeof monthlyVolumeSchema>;

export const statsResponse = successEnvelope(
  z.object({
    last7: z.array(transactionMetricsSchema),
    last30: z.array(transactionMetricsSchema),
    monthlyVolume: z.array(monthlyVolumeSchema),
  }),
);
export type StatsResponse = z.infer<typeof statsResponse>;

export type DayWindow = { start: string; end: string };

const dayMs = 86_400_000;

function shiftDay(day: string, days: number): string {
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(day))
    throw new RangeError(`Not a yyyy-mm-dd day: ${day}`);
  return new Date(ms + days * dayMs).toISOString().slice(0, 10);
}

// Today is the caller's calendar day (in the timezone the report uses, so the same From and To give
// the same figures). Both windows end yesterday: last7 is the 7 days before today, last30 the 30.
export function dashboardMetricWindows(today: string): { last7: DayWindow; last30: DayWindow } {
  const yesterday = shiftDay(today, -1);
  return {
    last7: { start: shiftDay(today, -7), end: yesterday },
    last30: { start: shiftDay(today, -30), end: yesterday },
  };
}
