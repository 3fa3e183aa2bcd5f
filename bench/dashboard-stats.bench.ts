// The dashboard's stats (GET /api/stats: the last 7 and 30 days and 12 months of gross) through the
// service (which reads the hour and day totals) against the bare SQL of the same figures over the rows,
// sent side by side on the pool, for one merchant, the biggest parent's hierarchy and staff over every
// merchant. Budget: at most 1.5x, as the report page's, and within 1.2x of the 1,000,000 time.
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { dashboardMetricWindows } from '@portico/contracts/transactions/stats';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { ReportScope } from '../apps/server/src/access/report-access';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { grossCentsSql, isNotFailedPaymentSql } from '../apps/server/src/modules/reporting/gross-sql';
import { windowInstants, windowTotalsSql } from '../apps/server/src/modules/stats/stats.repository';
import {
  dashboardStats,
  dayIn,
  monthlyVolumeMonths,
  monthWindow,
  shiftMonth,
} from '../apps/server/src/modules/stats/stats.service';
import { printPlan } from './explain';
import { scenarios } from './report-page.bench';
import { largeRun, recordFigure } from './scale';
import { compareInterleaved, medianMs, printTable } from './stats';

const RATIO_BUDGET = 1.5;
const dialect = new PgDialect({ casing: 'snake_case' });

const gross = grossCentsSql('t');
const notFailed = isNotFailedPaymentSql('t');
const dayStart = (n: number) => `(($${n}::date)::timestamp at time zone $1)`;

// $1 the timezone; $2..$4 the first day of last30, of last7 and the day after yesterday (today).
function bareTotalsSql(scopeSql: string): string {
  return `select count(*) filter (where t.created_at >= ${dayStart(3)} and ${notFailed})::int as n7,
      coalesce(sum(${gross}) filter (where t.created_at >= ${dayStart(3)}), 0)::bigint::text as g7,
      count(*) filter (where ${notFailed})::int as n30,
      coalesce(sum(${gross}), 0)::bigint::text as g30
    from transactions t
    where t.created_at >= ${dayStart(2)} and t.created_at < ${dayStart(4)} ${scopeSql}`;
}

// $1 the timezone; $2 the first day of the first month, $3 the first day after the last month.
function bareMonthlySql(scopeSql: string): string {
  return `select to_char(t.created_at at time zone $1, 'YYYY-MM') as month, coalesce(sum(${gross}), 0)::bigint::text
    from transactions t
    where t.created_at >= ${dayStart(2)} and t.created_at < ${dayStart(3)} ${scopeSql}
    group by 1`;
}

function scopeSqlOf(scope: ReportScope, firstPlaceholder: number): { text: string; params: string[] } {
  if (scope.kind === 'all') return { text: '', params: [] };
  const placeholders = scope.clientIds.map((_, i) => `$${i + firstPlaceholder}`);
  return {
    text:
      scope.clientIds.length === 1
        ? `and t.client_id = ${placeholders[0]}::uuid`
        : `and t.client_id in (${placeholders.map((p) => `${p}::uuid`).join(', ')})`,
    params: [...scope.clientIds],
  };
}

export async function benchDashboardStats(
  handle: DatabaseHandle,
  pool: pg.Pool,
  providerDomain: string,
  now: Date,
): Promise<boolean> {
  const admin = await pool.query<{ id: string; timezone: string | null }>(
    'select id, timezone from users where email = $1',
    [`admin@${providerDomain}`],
  );
  const user = admin.rows[0];
  if (!user) throw new Error('The seeded database has no admin');
  // The service falls back to UTC for a user without a known zone; the bare SQL reads the same zone.
  const timezone = user.timezone ?? 'UTC';
  const today = dayIn(timezone, now);
  const windows = dashboardMetricWindows(today);
  const currentMonth = today.slice(0, 7);
  const firstMonth = shiftMonth(currentMonth, -(monthlyVolumeMonths - 1));
  const monthAfterLast = shiftMonth(currentMonth, 1);
  const monthWindows = Array.from({ length: monthlyVolumeMonths }, (_, i) =>
    monthWindow(shiftMonth(firstMonth, i)),
  );

  const rows: (string | number)[][] = [];
  let withinBudget = true;
  for (const { name, scope } of await scenarios(handle, pool)) {
    const totalsScope = scopeSqlOf(scope, 5);
    const monthlyScope = scopeSqlOf(scope, 4);
    const bare = () =>
      Promise.all([
        pool.query(bareTotalsSql(totalsScope.text), [
          timezone,
          windows.last30.start,
          windows.last7.start,
          today,
          ...totalsScope.params,
        ]),
        pool.query(bareMonthlySql(monthlyScope.text), [
          timezone,
          `${firstMonth}-01`,
          `${monthAfterLast}-01`,
          ...monthlyScope.params,
        ]),
      ]);
    const service = () =>
      dashboardStats(
        { main: handle.db, reporting: handle.db },
        { scope, advanced: { kind: 'all' } },
        user.id,
        now,
      );
    // The same figures both ways, checked once.
    const [answer, [totals, monthly]] = await Promise.all([service(), bare()]);
    const bareLast30 = Number(totals.rows[0]?.n30 ?? -1);
    const same =
      answer.last30[0]?.transactions === bareLast30 &&
      answer.last7[0]?.transactions === Number(totals.rows[0]?.n7 ?? -1) &&
      monthly.rows.every((row: { month: string; coalesce: string }) =>
        answer.monthlyVolume.some(
          (m) => m.month === row.month && m.total === formatCentsAsDecimal(Number(row.coalesce)),
        ),
      );
    const result = await compareInterleaved(
      service,
      bare,
      largeRun ? { warmup: 1, runs: 5 } : { warmup: 2, runs: 11 },
    );
    // What must stay flat is the service's own time. Beside scans of up to 12 months (seconds each at
    // 10,000,000 rows, which push the totals out of the buffer cache) each call starts cold, so the
    // interleaved figure measures the scan before it as much as the call: it is timed alone too.
    const alone = await medianMs(service);
    const totalsParams = [timezone, windows.last30.start, windows.last7.start, today, ...totalsScope.params];
    await printPlan(pool, `dashboard totals, ${name}`, bareTotalsSql(totalsScope.text), totalsParams);
    const monthlyParams = [timezone, `${firstMonth}-01`, `${monthAfterLast}-01`, ...monthlyScope.params];
    await printPlan(
      pool,
      `dashboard monthly gross, ${name}`,
      bareMonthlySql(monthlyScope.text),
      monthlyParams,
    );
    // The service's own query (the hour and day totals) as it ran, beside the scans above.
    const served = windowTotalsSql(
      scope,
      await windowInstants(handle.db, timezone, [windows.last7, windows.last30, ...monthWindows]),
    );
    if (served) {
      const query = dialect.sqlToQuery(served);
      await printPlan(pool, `dashboard service totals, ${name}`, query.sql, query.params);
    }
    const within = same && result.ratio <= RATIO_BUDGET;
    withinBudget &&= within;
    recordFigure(`dashboard stats, ${name}, ms`, 'flat-ms', alone, result.baselineMs);
    rows.push([
      `${name}${same ? '' : ' (FIGURES DIFFER)'}`,
      bareLast30,
      alone,
      result.subjectMs,
      result.baselineMs,
      result.ratio,
      within ? 'ok' : 'OVER',
    ]);
  }
  console.log(
    `\nDashboard stats (GET /api/stats: last 7 and 30 days, ${monthlyVolumeMonths} months of gross, ${timezone}): ` +
      'service vs bare SQL, median ms (service alone: 21 runs on their own; beside: interleaved with the bare SQL)',
  );
  printTable(
    [
      'scope',
      'rows in 30 days',
      'service alone',
      'service beside',
      'bare SQL',
      'ratio',
      `<= ${RATIO_BUDGET}`,
    ],
    rows,
  );
  return withinBudget;
}
