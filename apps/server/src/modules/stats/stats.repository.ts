import type { DayWindow } from '@portico/contracts/transactions/stats';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ReportScope } from '../../access/report-access';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/sql-rows';
import { grossCentsSql, isNotFailedPaymentSql } from '../reporting/gross-sql';
import { reportScopeFilter } from '../reporting/reporting.repository';

const gross = sql.raw(grossCentsSql('t'));
const isNotFailed = sql.raw(isNotFailedPaymentSql('t'));

// The first instant of a calendar day in the caller's timezone: the same instant the browser sends
// as the report's start_at for that day.
function dayStart(day: string, timezone: string): SQL {
  return sql`((${day}::date)::timestamp at time zone ${timezone})`;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

const centsText = z.string().transform((text, ctx) => {
  const cents = Number(text);
  if (!Number.isSafeInteger(cents)) {
    ctx.addIssue({ code: 'custom', message: 'not whole cents' });
    return z.NEVER;
  }
  return cents;
});

export type WindowTotals = { transactions: number; grossCents: number };

// Per window (inclusive days): the transactions that are not failed payments, and the gross amount
// by the contracts rule. One pass over the union of the windows.
export async function readWindowTotals(
  executor: Executor,
  scope: ReportScope,
  timezone: string,
  windows: readonly DayWindow[],
): Promise<WindowTotals[]> {
  if (windows.length === 0 || (scope.kind === 'clients' && scope.clientIds.length === 0)) {
    return windows.map(() => ({ transactions: 0, grossCents: 0 }));
  }
  const first = windows.reduce((min, w) => (w.start < min ? w.start : min), windows[0]?.start ?? '');
  const last = windows.reduce((max, w) => (w.end > max ? w.end : max), windows[0]?.end ?? '');
  const columns = windows.map((w, i) => {
    const within = sql`t.created_at >= ${dayStart(w.start, timezone)} and t.created_at < ${dayStart(nextDay(w.end), timezone)}`;
    return sql`count(*) filter (where ${within} and ${isNotFailed})::int as ${sql.raw(`n${i}`)},
      coalesce(sum(${gross}) filter (where ${within}), 0)::bigint::text as ${sql.raw(`g${i}`)}`;
  });
  const rows = await queryRows(
    executor,
    sql`select ${sql.join(columns, sql`, `)}
      from transactions t
      where t.created_at >= ${dayStart(first, timezone)} and t.created_at < ${dayStart(nextDay(last), timezone)}
        and ${reportScopeFilter(scope)}`,
  );
  const row = rows[0] ?? {};
  return windows.map((_, i) => ({
    transactions: z.coerce.number().int().parse(row[`n${i}`]),
    grossCents: centsText.parse(row[`g${i}`]),
  }));
}

// Gross per calendar month (YYYY-MM in the caller's timezone) from the first day of firstMonth up to
// the start of the month after lastMonth. Months without transactions are absent.
export async function readMonthlyGross(
  executor: Executor,
  scope: ReportScope,
  timezone: string,
  firstMonth: string,
  monthAfterLast: string,
): Promise<Map<string, number>> {
  if (scope.kind === 'clients' && scope.clientIds.length === 0) return new Map();
  const rows = await queryRows(
    executor,
    sql`select to_char(t.created_at at time zone ${timezone}, 'YYYY-MM') as month,
        coalesce(sum(${gross}), 0)::bigint::text as gross
      from transactions t
      where t.created_at >= ${dayStart(`${firstMonth}-01`, timezone)}
        and t.created_at < ${dayStart(`${monthAfterLast}-01`, timezone)}
        and ${reportScopeFilter(scope)}
      group by 1`,
  );
  const row = z.object({ month: z.string(), gross: centsText });
  return new Map(rows.map((r) => row.parse(r)).map((r) => [r.month, r.gross]));
}

export async function findUserTimezone(executor: Executor, userId: string): Promise<string | null> {
  const rows = await queryRows(executor, sql`select timezone from users where id = ${userId}::uuid`);
  return z.object({ timezone: z.string() }).optional().parse(rows[0])?.timezone ?? null;
}
