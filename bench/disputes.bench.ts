// The Disputes grid of a parent: GET /api/disputes as the page calls it (no filter: every merchant of
// the hierarchy, newest first) through the real route (session, access, the hierarchy's permission
// facts, query, serialisation), against the bare indexed SQL of the same rows and order in the same
// run. The parent's hierarchy holds 1,000,000 transactions (BENCH_TRANSACTIONS overrides) and 10,000
// disputes of them (BENCH_DISPUTES), seeded with generate_series. Budget: within 1.5x.
// BENCH_DISPUTES_PROFILE=<file> also writes a CPU profile of 20 route calls (after the figures).
import type pg from 'pg';
import { clientIdsAtOrBelow } from '../apps/server/src/access/merchant-scope.repository';
import { buildApp } from '../apps/server/src/app';
import { listDisputeJsonRows } from '../apps/server/src/modules/disputes/disputes.repository';
import { sessionCookieFor } from '../apps/server/test/auth-helpers';
import { compareInterleaved, printTable } from './stats';
import { profileRuns } from './support/cpu-profile';
import { withBenchDatabase } from './support/throwaway-db';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const DISPUTES = Number(process.env.BENCH_DISPUTES ?? 10_000);
const MERCHANTS = 100;
const RATIO_BUDGET = 1.5;
const parentEmail = 'reseller@summitms.example';

// The grid's rows written by hand: the hierarchy below the parent, its disputes' columns the grid
// shows with the merchant's name, newest first, as many as the route answers at most.
const bareSql = `
  with recursive hierarchy as (
    select id from clients where id = $1
    union all
    select c.id from clients c join hierarchy h on c.parent_id = h.id
  )
  select d.id, d.client_id, c.name as merchant_name, d.transaction_id, d.status, d.category, d.reason_code,
         d.amount_cents, d.card_brand, d.last4, d.customer_name, d.opened_at, d.respond_by, d.decided_at
    from disputes d
    join clients c on c.id = d.client_id
   where d.client_id in (select id from hierarchy)
   order by d.opened_at desc, d.id desc
   limit 10000`;

// 100 merchants under the parent, the transactions spread over them and the last 90 days (in batches
// of 250,000), then one dispute for each of DISPUTES of their card sales.
async function seed(pool: pg.Pool, parentId: string) {
  await pool.query(
    `insert into clients (name, legal_name, dba_name, level, parent_id, api_key_hash, api_key_last4, public_key, mcc_code)
     select 'Bench Disputes Merchant ' || lpad(n::text, 4, '0'), 'Bench Disputes Merchant ' || n || ' LLC',
            'Bench Disputes Merchant ' || n, 'Merchant', $1::uuid,
            encode(sha256(convert_to('bench_dsk_' || n, 'UTF8')), 'hex'), right('bench_dsk_' || n, 4),
            'bench_dpk_' || n, '5814'
       from generate_series(1, $2::int) as n`,
    [parentId, MERCHANTS],
  );
  const merchants = (
    await pool.query<{ id: string }>(
      `select id from clients where name like 'Bench Disputes Merchant %' order by name`,
    )
  ).rows.map((row) => row.id);
  const batch = 250_000;
  for (let from = 0; from < TRANSACTIONS; from += batch) {
    const to = Math.min(TRANSACTIONS, from + batch);
    await pool.query(
      `insert into transactions (client_id, type, action, action_mode, amount_cents, fee_cents, payment_status,
         request_status, status, processor, payment_method, card_brand, last4, token, customer_first_name,
         customer_last_name, settlement_date, created_at)
       select ($1::uuid[])[1 + n % $2::int], 'card', 'sale', 'charge', 1000 + (n % 50000), 30, true, true,
              'Approved', 'fis', 'card', 'VISA', lpad((n % 10000)::text, 4, '0'), 'VISA-' || n,
              'Pat', 'Customer ' || (n % 997),
              (now() - make_interval(secs => (n % 7776000)))::date,
              now() - make_interval(secs => (n % 7776000))
         from generate_series($3::int, $4::int - 1) as n`,
      [merchants, MERCHANTS, from, to],
    );
  }
  await pool.query(
    `insert into disputes (client_id, transaction_id, transaction_created_at, processor_case_id, status, category,
       reason_code, amount_cents, card_brand, last4, customer_name, opened_at, respond_by)
     select t.client_id, t.id, t.created_at, 'bench-case-' || t.id, 'needs_response', 'fraud', '10.4',
            t.amount_cents, t.card_brand, t.last4, t.customer_first_name || ' ' || t.customer_last_name,
            t.created_at + interval '3 days', t.created_at + interval '23 days'
       from transactions t
      where t.client_id = any($1::uuid[])
      order by t.created_at desc
      limit $2::int`,
    [merchants, DISPUTES],
  );
  await pool.query('analyze');
}

export function benchDisputes(): Promise<boolean> {
  return withBenchDatabase({ seedTransactions: 0 }, async ({ handle, pool, config }) => {
    const [parent] = (
      await pool.query<{ id: string }>(
        `select m.client_id as id from memberships m join users u on u.id = m.user_id where u.email = $1`,
        [parentEmail],
      )
    ).rows;
    if (!parent) throw new Error(`The seeded database has no ${parentEmail}`);
    const seedStarted = performance.now();
    await seed(pool, parent.id);
    const counts = (
      await pool.query<{ transactions: string; disputes: string }>(
        `select (select count(*) from transactions)::text as transactions,
                (select count(*) from disputes)::text as disputes`,
      )
    ).rows[0];
    console.log(
      `\nSeeded ${counts?.transactions} transactions and ${counts?.disputes} disputes in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const app = await buildApp({
      config: { ...config, webDistDir: undefined, rateLimitPerMinute: 1_000_000, logLevel: 'warn' },
      database: handle,
      logger: false,
    });
    try {
      await app.ready();
      const cookie = await sessionCookieFor(handle.db, parentEmail);
      // Timed: the route until its answer is in hand. Reading the answer (JSON.parse of 3.5 MB, about
      // 43 ms) is the browser's work, not the route's: the rows are counted once, outside the runs.
      const callRoute = async () => {
        const res = await app.inject({ method: 'GET', url: '/api/disputes', headers: { cookie } });
        if (res.statusCode !== 200)
          throw new Error(`GET /api/disputes answered ${res.statusCode}: ${res.body}`);
        return res.rawPayload;
      };
      const bare = () => pool.query(bareSql, [parent.id]);
      const bareRows = (await bare()).rowCount ?? 0;
      const answered = (JSON.parse((await callRoute()).toString('utf8')) as { message: unknown[] }).message
        .length;
      if (answered !== bareRows)
        throw new Error(`the route answered ${answered} rows, the bare SQL ${bareRows}`);
      const route = await compareInterleaved(callRoute, bare, { warmup: 5, runs: 21 });
      const ratioOk = route.ratio <= RATIO_BUDGET;
      // Where the route's time goes: its JSON query alone (the hierarchy resolved beforehand).
      const clientIds = await clientIdsAtOrBelow(handle.db, [parent.id]);
      const query = await compareInterleaved(() => listDisputeJsonRows(handle.db, { clientIds }), bare, {
        warmup: 3,
        runs: 11,
      });
      // The route's fixed cost: the same caller and access over the hierarchy, answering no row (the
      // seeded disputes all need a response).
      const emptyRoute = await compareInterleaved(
        () => app.inject({ method: 'GET', url: '/api/disputes?status=won', headers: { cookie } }),
        bare,
        { warmup: 3, runs: 11 },
      );
      console.log(
        "\nDisputes grid (a parent's hierarchy, no filter): median ms against the bare indexed SQL",
      );
      printTable(
        ['subject', 'rows', 'subject ms', 'bare SQL ms', 'ratio', `<= ${RATIO_BUDGET}`],
        [
          [
            'GET /api/disputes (route, JSON)',
            answered,
            route.subjectMs,
            route.baselineMs,
            route.ratio,
            ratioOk ? 'ok' : 'OVER',
          ],
          [
            'its JSON query alone (unbudgeted)',
            answered,
            query.subjectMs,
            query.baselineMs,
            query.ratio,
            '-',
          ],
          [
            'the route answering no row (unbudgeted)',
            0,
            emptyRoute.subjectMs,
            emptyRoute.baselineMs,
            emptyRoute.ratio,
            '-',
          ],
        ],
      );
      const plan = await pool.query(`explain (analyze, buffers) ${bareSql}`, [parent.id]);
      console.log('\nThe bare SQL plan:');
      for (const row of plan.rows as { 'QUERY PLAN': string }[]) console.log(`  ${row['QUERY PLAN']}`);
      const profileFile = process.env.BENCH_DISPUTES_PROFILE;
      if (profileFile) await profileRuns(callRoute, 20, profileFile);
      return ratioOk;
    } finally {
      await app.close();
    }
  });
}
