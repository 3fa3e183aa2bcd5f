import { type CostingWindow, costingQuery, defaultCostingWindow } from '@portico/contracts/costing/costing';

// The calendar day (yyyy-mm-dd) it is in the user's timezone; UTC when the zone is unknown.
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    return now.toISOString().slice(0, 10);
  }
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

// Spec 3 §9: the costing page opens on the last 90 days.
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
