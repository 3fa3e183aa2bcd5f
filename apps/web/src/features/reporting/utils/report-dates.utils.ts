import { defaultClassicReportRangeDays } from '@portico/contracts/transactions/report';
import { addDays, zonedDayOf, zonedDayStartIso } from '../../../lib/time-zone/zoned-days';

// Calendar days (yyyy-mm-dd) as the user picks them, turned into UTC instants in the user's timezone
// (the report's start_at and end_at, contracts report.ts).

export type ReportRange = { from: string; to: string };

// The report's window: start_at is the first instant of From, end_at the first instant after To.
export function reportWindowInstants(
  range: ReportRange,
  timeZone: string,
): { start_at: string; end_at: string } {
  return {
    start_at: zonedDayStartIso(range.from, timeZone),
    end_at: zonedDayStartIso(addDays(range.to, 1), timeZone),
  };
}

// The classic report's default range is the last 7 days: From a week ago, To today.
export function defaultClassicReportRange(now: Date, timeZone: string): ReportRange {
  const today = zonedDayOf(now, timeZone);
  return { from: addDays(today, -defaultClassicReportRangeDays), to: today };
}
