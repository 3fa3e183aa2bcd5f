import { type CostingWindow, costingQuery, defaultCostingWindow } from '@portico/contracts/costing/costing';
import { usableTimeZone, zonedDayOf } from '../../../lib/time-zone/zoned-days';

// The calendar day (yyyy-mm-dd) it is in the user's timezone.
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  return zonedDayOf(now, usableTimeZone(timeZone));
}

// The costing page opens on the last 90 days.
export function initialCostingWindow(timeZone: string, now: Date = new Date()): CostingWindow {
  return defaultCostingWindow(todayInTimeZone(timeZone, now));
}

// Why the From and To dates cannot be sent (the server's own rules), or null when they can.
export function costingWindowProblem(window: CostingWindow): string | null {
  if (window.start === '' || window.end === '') return 'Choose a From and a To date';
  const result = costingQuery.safeParse(window);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? 'Choose valid dates';
}
