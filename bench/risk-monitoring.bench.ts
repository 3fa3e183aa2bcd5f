import type pg from 'pg';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { evaluateRecordedPayment, transactionMonitoring } from '../apps/server/src/modules/risk/risk.service';
import { largeRun } from './scale';
import { compareInterleaved, median, printTable, timeMs } from './stats';

// The three monitoring lists within 2x of the bare window-function SQL, and the check of
// one new payment against its merchant's limits under 5 ms at the median.
const RATIO_BUDGET = 2;
const CHECK_BUDGET_MS = 5;
const CHECK_RUNS = 201;

// The rules written by hand over the same 30-day window (and its 30 trailing days): the floor the
// service (names, has_notes, money formatting, three lists) is measured against.
const bareSql = `
  with payments as (
    select t.id, t.client_id, t.amount_cents, t.created_at
      from transactions t
     where t.created_at >= $1::timestamptz - interval '30 days' and t.created_at < $2
       and t.type::text in ('cc', 'card', 'terminal', 'charge', 'authorize', 'terminal_charge', 'debit', 'ach', 'cash')
       and t.payment_status is distinct from false
  ), judged as (
    select p.*, count(*) over trailing_days as n, sum(p.amount_cents::numeric) over trailing_days as s1,
           sum(p.amount_cents::numeric * p.amount_cents) over trailing_days as s2,
           count(*) over last_hour as hour_n
      from payments p
    window trailing_days as (partition by p.client_id order by p.created_at
             range between interval '30 days' preceding and current row),
           last_hour as (partition by p.client_id order by p.created_at
             range between interval '60 minutes' preceding and current row)
  ), prior as (
    select j.id, j.client_id, j.amount_cents, j.hour_n, j.n - 1 as n,
           (j.s1 - j.amount_cents) / nullif(j.n - 1, 0) as mean,
           (j.s2 - j.amount_cents::numeric * j.amount_cents) / nullif(j.n - 1, 0) as squares
      from judged j where j.created_at >= $1
  )
  select p.id, p.amount_cents, p.mean, p.hour_n, cc.high_ticket_cents, cc.risk_velocity
    from prior p left join client_configs cc on cc.client_id = p.client_id
   where (p.n >= 10 and p.squares - p.mean * p.mean > 0 and p.amount_cents > p.mean
          and (p.amount_cents - p.mean) ^ 2 > 9 * (p.squares - p.mean * p.mean))
      or p.amount_cents > cc.high_ticket_cents or p.hour_n > cc.risk_velocity`;

export async function benchRiskMonitoring(
  handle: DatabaseHandle,
  pool: pg.Pool,
  now: Date,
): Promise<boolean> {
  const start = new Date(now.getTime() - 30 * 86_400_000);
  const lists = await transactionMonitoring(handle.db, now);
  const flagged =
    lists.standard_deviation_list.length +
    lists.transactions_over_high_ticket_limit.length +
    lists.transactions_high_velocity.length;
  const inWindow = await pool.query<{ n: string }>(
    'select count(*)::text as n from transactions where created_at >= $1 and created_at < $2',
    [start, now],
  );
  const lists30 = await compareInterleaved(
    () => transactionMonitoring(handle.db, now),
    () => pool.query(bareSql, [start, now]),
    largeRun ? { warmup: 1, runs: 5 } : { warmup: 2, runs: 11 },
  );

  // Recent payments of the busiest merchant: the check reads its trailing 30 days.
  const sample = await pool.query<{ id: string; client_id: string; amount_cents: string; created_at: Date }>(
    `select t.id, t.client_id, t.amount_cents::text, t.created_at from transactions t
      where t.client_id = (select client_id from transactions group by client_id order by count(*) desc limit 1)
        and t.type = 'card' order by t.created_at desc limit $1`,
    [CHECK_RUNS],
  );
  const checkTimes: number[] = [];
  for (const row of sample.rows) {
    const payment = {
      clientId: row.client_id,
      amountCents: Number(row.amount_cents),
      createdAt: row.created_at,
    };
    checkTimes.push(await timeMs(() => evaluateRecordedPayment(handle.db, payment)));
  }
  const checkMs = median(checkTimes);
  const listsOk = lists30.ratio <= RATIO_BUDGET;
  const checkOk = checkMs < CHECK_BUDGET_MS;

  console.log(`\nRisk monitoring (${inWindow.rows[0]?.n} transactions in 30 days, ${flagged} flagged rows)`);
  printTable(
    ['figure', 'portal', 'baseline', 'ratio', 'budget', ''],
    [
      [
        'three lists, median ms',
        lists30.subjectMs,
        lists30.baselineMs,
        lists30.ratio,
        `<= ${RATIO_BUDGET}`,
        listsOk ? 'ok' : 'OVER',
      ],
      [
        `one payment check, median of ${checkTimes.length}, ms`,
        checkMs,
        '-',
        '-',
        `< ${CHECK_BUDGET_MS} ms`,
        checkOk ? 'ok' : 'OVER',
      ],
    ],
  );
  return listsOk && checkOk;
}
