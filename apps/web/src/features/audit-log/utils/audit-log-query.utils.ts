import type { AuditLogQuery } from '@portico/contracts/audit/audit-log';
import { addDays, isIsoDay, zonedDayStartIso } from '../../../lib/time-zone/zoned-days';

// What the filters of the page hold: days are the user's (yyyy-mm-dd in their timezone).
export type AuditLogFilters = {
  actor: string;
  action: string | null;
  merchant: string | null;
  fromDay: string;
  toDay: string;
};

export const emptyAuditLogFilters: AuditLogFilters = {
  actor: '',
  action: null,
  merchant: null,
  fromDay: '',
  toDay: '',
};

// The server takes instants: From starts its day, To ends its day (the next day's start, exclusive),
// both in the user's timezone. Empty fields filter nothing.
export function toAuditLogQuery(filters: AuditLogFilters, timeZone: string, pageSize: number): AuditLogQuery {
  const actor = filters.actor.trim();
  return {
    limit: pageSize,
    ...(actor === '' ? {} : { actor }),
    ...(filters.action === null ? {} : { action: filters.action }),
    ...(filters.merchant === null ? {} : { merchant: filters.merchant }),
    ...(isIsoDay(filters.fromDay) ? { from: zonedDayStartIso(filters.fromDay, timeZone) } : {}),
    ...(isIsoDay(filters.toDay) ? { to: zonedDayStartIso(addDays(filters.toDay, 1), timeZone) } : {}),
  };
}

// A problem to show beside the dates, or null.
export function auditLogFiltersProblem(filters: AuditLogFilters): string | null {
  if (isIsoDay(filters.fromDay) && isIsoDay(filters.toDay) && filters.fromDay > filters.toDay) {
    return 'From must be on or before To.';
  }
  return null;
}
