import { isValidTimeZone } from '@portico/contracts/grid/zoned-time';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import {
  type DayWindow,
  dashboardMetricWindows,
  type StatsResponse,
} from '@portico/contracts/transactions/stats';
import type { ReportAccess } from '../../access/report-access';
import type { Executor } from '../../db/client';
import { findUserTimezone, readWindowTotals } from './stats.repository';

// 'Monthly Payout Volume': this many months, ending with the current one.
export const monthlyVolumeMonths = 12;

// The calendar day (yyyy-mm-dd) of an instant in a timezone.
export function dayIn(timezone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

// YYYY-MM shifted by whole months.
export function shiftMonth(month: string, by: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

// A calendar month (YYYY-MM) as a window of its days.
export function monthWindow(month: string): DayWindow {
  const lastDay = new Date(Date.parse(`${shiftMonth(month, 1)}-01T00:00:00.000Z`) - 86_400_000);
  return { start: `${month}-01`, end: lastDay.toISOString().slice(0, 10) };
}

// The dashboard windows end yesterday and cover the prior 7 and 30 days, as calendar days
// of the caller's timezone (the one the report's From and To use), so the cards equal the report's
// figures for the same days. The user's setting comes from the main database, the figures from the
// reporting one (the replica when REPORTING_DATABASE_URL is set), as the report's rows do.
export async function dashboardStats(
  sources: { main: Executor; reporting: Executor },
  access: ReportAccess,
  userId: string,
  now: Date = new Date(),
): Promise<StatsResponse['message']> {
  const executor = sources.reporting;
  const setting = await findUserTimezone(sources.main, userId);
  const timezone = setting !== null && isValidTimeZone(setting) ? setting : 'UTC';
  const today = dayIn(timezone, now);
  const windows = dashboardMetricWindows(today);
  const currentMonth = today.slice(0, 7);
  const firstMonth = shiftMonth(currentMonth, -(monthlyVolumeMonths - 1));
  const months = Array.from({ length: monthlyVolumeMonths }, (_, i) => shiftMonth(firstMonth, i));
  const [last7, last30, ...monthly] = await readWindowTotals(executor, access.scope, timezone, [
    windows.last7,
    windows.last30,
    ...months.map(monthWindow),
  ]);
  const metrics = [
    { window: windows.last7, totals: last7 },
    { window: windows.last30, totals: last30 },
  ].map(({ window, totals }) => ({
    ...window,
    transactions: totals?.transactions ?? 0,
    total: formatCentsAsDecimal(totals?.grossCents ?? 0),
  }));
  return {
    last7: metrics.slice(0, 1),
    last30: metrics.slice(1, 2),
    monthlyVolume: months.map((month, i) => ({
      month,
      total: formatCentsAsDecimal(monthly[i]?.grossCents ?? 0),
    })),
  };
}
