import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { dashboardMetricWindows, type StatsResponse } from '@portico/contracts/transactions/stats';
import type { ReportAccess } from '../../access/report-access';
import type { Executor } from '../../db/client';
import { findUserTimezone, readMonthlyGross, readWindowTotals } from './stats.repository';

// 'Monthly Payout Volume': this many months, ending with the current one.
export const monthlyVolumeMonths = 12;

function isKnownTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

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
  const timezone = setting !== null && isKnownTimezone(setting) ? setting : 'UTC';
  const today = dayIn(timezone, now);
  const windows = dashboardMetricWindows(today);
  const currentMonth = today.slice(0, 7);
  const firstMonth = shiftMonth(currentMonth, -(monthlyVolumeMonths - 1));
  const [totals, monthly] = await Promise.all([
    readWindowTotals(executor, access.scope, timezone, [windows.last7, windows.last30]),
    readMonthlyGross(executor, access.scope, timezone, firstMonth, shiftMonth(currentMonth, 1)),
  ]);
  const metrics = [windows.last7, windows.last30].map((window, i) => ({
    ...window,
    transactions: totals[i]?.transactions ?? 0,
    total: formatCentsAsDecimal(totals[i]?.grossCents ?? 0),
  }));
  return {
    last7: metrics.slice(0, 1),
    last30: metrics.slice(1, 2),
    monthlyVolume: Array.from({ length: monthlyVolumeMonths }, (_, i) => {
      const month = shiftMonth(firstMonth, i);
      return { month, total: formatCentsAsDecimal(monthly.get(month) ?? 0) };
    }),
  };
}
