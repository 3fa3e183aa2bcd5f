import type pg from 'pg';
import type { ReportScope } from '../apps/server/src/access/report-access';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import {
  countReportRows,
  hierarchyClientIds,
  listReportPage,
} from '../apps/server/src/modules/reporting/reporting.repository';
import { printPlan } from './explain';
import { recordFigure } from './scale';
import { compareInterleaved, printTable } from './stats';

// The page the report bench times: 250 rows of a 90-day window.
export const PAGE_SIZE = 250;
export const WINDOW_DAYS = 90;
const RATIO_BUDGET = 1.5;

// The same page written by hand: the floor the repository is measured against.
const bareSql = `
  select t.id, t.created_at, t.client_id, t.type, t.action, t.action_mode, t.amount_cents, t.fee_cents,
         t.surcharge_cents, t.payment_status, t.request_status, t.status, t.card_brand, t.card_type,
         t.pro_pay_status, t.payment_method, t.last4, t.token, t.customer_first_name, t.customer_last_name,
         t.customer_email, t.original_transaction_id, t.settlement_amount_cents, t.settlement_date,
         m.dba_name, m.name, p.name
    from transactions t
    join clients m on m.id = t.client_id
    left join clients p on p.id = m.parent_id
   where t.created_at >= $1 and t.created_at < $2 %SCOPE%
   order by t.created_at desc, t.id desc
   limit $3 offset $4`;

function bareQuery(pool: pg.Pool, scope: ReportScope, startAt: Date, endAt: Date, page: number) {
  const { text, params } = bareStatement(scope, startAt, endAt, page);
  return pool.query(text, params);
}

function bareStatement(scope: ReportScope, startAt: Date, endAt: Date, page: number) {
  const params: unknown[] = [startAt, endAt, PAGE_SIZE, page * PAGE_SIZE];
  let scopeSql = '';
  if (scope.kind === 'clients') {
    const placeholders = scope.clientIds.map((_, i) => `$${i + 5}`);
    scopeSql = `and t.client_id in (${placeholders.join(', ')})`;
    params.push(...scope.clientIds);
  }
  return { text: bareSql.replace('%SCOPE%', scopeSql), params };
}

export type Scenario = { name: string; scope: ReportScope };

// The busiest merchant, the biggest parent's hierarchy and staff over every merchant.
export async function scenarios(handle: DatabaseHandle, pool: pg.Pool): Promise<Scenario[]> {
  const busiest = await pool.query<{ client_id: string }>(
    'select client_id from transactions group by client_id order by count(*) desc limit 1',
  );
  const biggestParent = await pool.query<{ id: string }>(
    `select p.id from clients p join clients c on c.parent_id = p.id
      where p.level = 'Parent' group by p.id order by count(*) desc limit 1`,
  );
  const merchantId = busiest.rows[0]?.client_id;
  const parentId = biggestParent.rows[0]?.id;
  if (!merchantId || !parentId) throw new Error('The seeded database has no merchants or parents');
  return [
    { name: 'one merchant', scope: { kind: 'clients', clientIds: [merchantId] } },
    {
      name: "one parent's hierarchy",
      scope: { kind: 'clients', clientIds: await hierarchyClientIds(handle.db, parentId) },
    },
    { name: 'admin, all merchants', scope: { kind: 'all' } },
  ];
}

export async function benchReportPage(handle: DatabaseHandle, pool: pg.Pool, endAt: Date): Promise<boolean> {
  // 90 days holds enough rows for page 20 of one merchant at 1M transactions.
  const startAt = new Date(endAt.getTime() - WINDOW_DAYS * 86_400_000);
  const rows: (string | number)[][] = [];
  let withinBudget = true;
  for (const { name, scope } of await scenarios(handle, pool)) {
    const total = await countReportRows(handle.db, { scope, startAt, endAt });
    for (const page of [0, 19]) {
      const query = { scope, startAt, endAt, page, size: PAGE_SIZE };
      const result = await compareInterleaved(
        () => listReportPage(handle.db, query),
        () => bareQuery(pool, scope, startAt, endAt, page),
      );
      withinBudget &&= result.ratio <= RATIO_BUDGET;
      const bare = bareStatement(scope, startAt, endAt, page);
      await printPlan(pool, `report page ${page + 1}, ${name}`, bare.text, bare.params);
      recordFigure(
        `report page, ${name}, page ${page + 1}, ms`,
        'flat-ms',
        result.subjectMs,
        result.baselineMs,
      );
      rows.push([
        name,
        page + 1,
        total,
        result.subjectMs,
        result.baselineMs,
        result.ratio,
        result.ratio <= RATIO_BUDGET ? 'ok' : 'OVER',
      ]);
    }
  }
  console.log(
    `\nReport page (${PAGE_SIZE} rows, ${WINDOW_DAYS}-day window): repository vs bare indexed SQL, median ms`,
  );
  printTable(
    ['scope', 'page', 'rows in window', 'repository', 'bare SQL', 'ratio', `<= ${RATIO_BUDGET}`],
    rows,
  );
  return withinBudget;
}
