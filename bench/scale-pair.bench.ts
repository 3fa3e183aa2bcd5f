// The flat budgets judged within one run: the figures that must not grow with the table (the report
// page and the dashboard's stats) timed on the large database and on a 1,000,000-transaction one side
// by side, call for call, so both see the same machine at the same moment. Compared across two runs
// instead, the same code moved 20 to 40 % between runs on a 2-core machine, more than the budget.
import type pg from 'pg';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { listReportPage } from '../apps/server/src/modules/reporting/reporting.repository';
import { dashboardStats } from '../apps/server/src/modules/stats/stats.service';
import { PAGE_SIZE, type Scenario, scenarios, WINDOW_DAYS } from './report-page.bench';
import { recordFigure, TIME_BUDGET } from './scale';
import { compareInterleaved, printTable } from './stats';

export type SeededDatabase = { handle: DatabaseHandle; pool: pg.Pool; transactions: number };

type Side = {
  database: SeededDatabase;
  scenarios: Map<string, Scenario>;
  adminId: string;
};

async function sideOf(database: SeededDatabase, providerDomain: string): Promise<Side> {
  const admin = await database.pool.query<{ id: string }>('select id from users where email = $1', [
    `admin@${providerDomain}`,
  ]);
  const adminId = admin.rows[0]?.id;
  if (!adminId) throw new Error('A seeded database has no admin');
  const named = await scenarios(database.handle, database.pool);
  return { database, adminId, scenarios: new Map(named.map((scenario) => [scenario.name, scenario])) };
}

// The calls timed, by figure: the same call made on either side with that side's own scope.
function calls(
  endAt: Date,
): { figure: string; call: (side: Side, scenario: Scenario) => Promise<unknown> }[] {
  const startAt = new Date(endAt.getTime() - WINDOW_DAYS * 86_400_000);
  const page =
    (index: number) =>
    (side: Side, { scope }: Scenario) =>
      listReportPage(side.database.handle.db, { scope, startAt, endAt, page: index, size: PAGE_SIZE });
  return [
    { figure: 'report page 1', call: page(0) },
    { figure: 'report page 20', call: page(19) },
    {
      figure: 'dashboard stats',
      call: (side, { scope }) =>
        dashboardStats(
          { main: side.database.handle.db, reporting: side.database.handle.db },
          { scope, advanced: { kind: 'all' } },
          side.adminId,
          endAt,
        ),
    },
  ];
}

export async function benchScalePair(
  large: SeededDatabase,
  reference: SeededDatabase,
  providerDomain: string,
  endAt: Date,
): Promise<boolean> {
  const [big, small] = await Promise.all([sideOf(large, providerDomain), sideOf(reference, providerDomain)]);
  const rows: (string | number)[][] = [];
  let ok = true;
  for (const { figure, call } of calls(endAt)) {
    for (const [name, scenario] of big.scenarios) {
      const smallScenario = small.scenarios.get(name);
      if (!smallScenario) throw new Error(`The reference database has no scenario "${name}"`);
      const result = await compareInterleaved(
        () => call(big, scenario),
        () => call(small, smallScenario),
        { warmup: 5, runs: 41 },
      );
      const within = result.ratio <= TIME_BUDGET;
      ok &&= within;
      recordFigure(`${figure}, ${name}, beside 1M in this run`, 'flat-ratio', result.ratio);
      rows.push([
        `${figure}, ${name}`,
        result.baselineMs,
        result.subjectMs,
        result.ratio,
        within ? 'ok' : 'OVER',
      ]);
    }
  }
  console.log(
    `\nFlat figures at ${large.transactions} transactions beside ${reference.transactions}, timed in this run ` +
      'call for call (median of 41 each, ms)',
  );
  printTable(
    ['figure', `${reference.transactions}`, `${large.transactions}`, 'ratio', `<= ${TIME_BUDGET}`],
    rows,
  );
  return ok;
}
