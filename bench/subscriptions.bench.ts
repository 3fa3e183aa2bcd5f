// The recurring charges scheduler: one run over 10,000 due series on PostgreSQL,
// charges per second beside a bare set-based insert of the same rows (the transactions, the cycles'
// rows and the series' next dates) in the same run; then a run killed halfway (SIGKILL of its
// process) and run again, with the cycles charged twice counted from the processor's own ledger.
// Budget: no double charge.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calendarDateInZone, merchantTimeZone } from '@portico/contracts/subscriptions/schedule';
import type pg from 'pg';
import { createOutboxMailer } from '../apps/server/src/integrations/mail/outbox-mailer';
import { createSandboxChargeGateway } from '../apps/server/src/integrations/processors/sandbox-charge-gateway';
import { runSubscriptionCharges } from '../apps/server/src/modules/subscription-scheduler/subscription-scheduler.service';
import { printTable } from './stats';
import { withBenchDatabase } from './support/throwaway-db';

const SERIES = Number(process.env.BENCH_SERIES ?? 10_000);
const MERCHANTS = 100;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

// `count` series due today in the merchants' zone, spread over the bench merchants (tagged by batch).
async function addDueSeries(pool: pg.Pool, batch: string, count: number, today: string) {
  await pool.query(
    `insert into subscriptions (client_id, token, email, amount_cents, interval, start_date, next_charge_date, description)
     select (select id from clients where name like 'Bench Merchant %' order by name offset (n % $3) limit 1),
            'VISA-' || lpad((n % 10000)::text, 4, '0') || '-12-2099', 'payer' || n || '@example.com',
            1000 + (n % 40) * 100, 'monthly', $2::date, $2::date, $1
       from generate_series(1, $4::int) as n`,
    [batch, today, MERCHANTS, count],
  );
  await pool.query('analyze');
}

// The same rows written without the scheduler: one statement each, in a transaction rolled back.
async function bareInsertMs(pool: pg.Pool, batch: string): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const started = performance.now();
    await client.query(
      `insert into transactions (client_id, type, action, action_mode, amount_cents, payment_status, status,
         processor, payment_method, card_brand, last4, token, customer_email, api_response)
       select s.client_id, 'charge', 'subscription', 'charge', s.amount_cents, true, 'Approved', 'fis', 'card',
              'VISA', split_part(s.token, '-', 2), s.token, s.email,
              jsonb_build_object('subscription_id', s.id, 'token', s.token)
         from subscriptions s where s.description = $1`,
      [batch],
    );
    await client.query(
      `insert into subscription_charges (subscription_id, scheduled_for, amount_cents, status, attempts)
       select s.id, s.next_charge_date, s.amount_cents, 'succeeded', 1 from subscriptions s where s.description = $1`,
      [batch],
    );
    await client.query(
      `update subscriptions set cycles_completed = cycles_completed + 1,
         next_charge_date = (next_charge_date + interval '1 month')::date where description = $1`,
      [batch],
    );
    const elapsed = performance.now() - started;
    await client.query('rollback');
    return elapsed;
  } finally {
    client.release();
  }
}

async function count(pool: pg.Pool, query: string, params: unknown[] = []): Promise<number> {
  const result = await pool.query<{ n: string }>(query, params);
  return Number(result.rows[0]?.n ?? 0);
}

// Cycles the processor approved more than once: its ledger, grouped by series and date.
const doubleChargesSql = `
  select count(*)::text as n from (
    select a.context->>'subscriptionId', a.context->>'scheduledFor'
      from sandbox_processor_ledger l
      join payment_attempts a on a.id::text = l.idempotency_key
     where l.outcome = 'approved' and a.operation = 'subscription_charge'
     group by 1, 2 having count(*) > 1) twice`;

const chargedOfBatchSql = `
  select count(*)::text as n from subscription_charges c join subscriptions s on s.id = c.subscription_id
   where s.description = $1 and c.status = 'succeeded'`;

function killedHalfway(url: string, pool: pg.Pool, batch: string, half: number): Promise<number> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/subscription-run.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      count(pool, chargedOfBatchSql, [batch])
        .then(async (charged) => {
          if (charged < half) return;
          clearInterval(poll);
          child.kill('SIGKILL');
          await exited;
          resolve(charged);
        })
        .catch(reject);
    }, 50);
  });
}

export function benchSubscriptions(): Promise<boolean> {
  return withBenchDatabase({}, async ({ handle, pool, url }) => {
    await pool.query(
      `insert into clients (name, level, api_key_hash, api_key_last4, public_key)
       select 'Bench Merchant ' || lpad(n::text, 4, '0'), 'Merchant', encode(sha256(convert_to('bench_sk_' || n, 'UTF8')), 'hex'), right('bench_sk_' || n, 4), 'bench_pk_' || n
         from generate_series(1, $1::int) as n`,
      [MERCHANTS],
    );
    await pool.query(
      `insert into client_configs (client_id, payment) select id, 'fis' from clients where name like 'Bench Merchant %'`,
    );
    const today = calendarDateInZone(new Date(), merchantTimeZone);
    const deps = {
      db: handle.db,
      gateway: createSandboxChargeGateway(handle.db, () => randomBytes(32)),
      mail: createOutboxMailer(handle.db, silent),
      now: () => new Date(),
      publicUrl: 'http://localhost:3000',
    };

    // 1. One run over SERIES due series, and the bare insert of the same rows.
    await addDueSeries(pool, 'bench-run', SERIES, today);
    const bareMs = await bareInsertMs(pool, 'bench-run');
    const started = performance.now();
    const summary = await runSubscriptionCharges(deps);
    const runMs = performance.now() - started;
    const chargesPerSecond = (summary.charged / runMs) * 1000;
    const barePerSecond = (SERIES / bareMs) * 1000;
    const secondRun = await runSubscriptionCharges(deps);

    // 2. A run killed halfway in its own process, then run again here.
    await addDueSeries(pool, 'bench-kill', SERIES, today);
    const atKill = await killedHalfway(url, pool, 'bench-kill', SERIES / 2);
    const pendingAtKill = await count(
      pool,
      `select count(*)::text as n from payment_attempts where state = 'pending' and operation = 'subscription_charge'`,
    );
    const restart = await runSubscriptionCharges(deps);
    const chargedAfter = await count(pool, chargedOfBatchSql, ['bench-kill']);
    const doubles = await count(pool, doubleChargesSql);
    const ledgerApproved = await count(
      pool,
      `select count(*)::text as n from sandbox_processor_ledger where outcome = 'approved' and operation = 'charge'`,
    );
    const booked = await count(
      pool,
      `select count(*)::text as n from transactions where action = 'subscription' and status = 'Approved'`,
    );

    console.log(`\nRecurring charges scheduler, ${SERIES} due series on PostgreSQL`);
    printTable(
      ['measure', 'figure'],
      [
        ['scheduler run (charge + receipt each)', `${(runMs / 1000).toFixed(2)} s`],
        ['charged in the run', summary.charged],
        ['charges per second', chargesPerSecond.toFixed(0)],
        ['bare insert of the same rows', `${bareMs.toFixed(0)} ms`],
        ['bare rows per second', barePerSecond.toFixed(0)],
        ['ratio (bare / scheduler)', `${(barePerSecond / chargesPerSecond).toFixed(1)}x`],
        ['second run: charged', secondRun.charged],
        ['killed run: cycles booked at the kill', atKill],
        ['attempts left pending by the kill', pendingAtKill],
        ['restarted run: settled from the processor', restart.reconciled],
        ['restarted run: charged', restart.charged],
        ['restarted run: in flight (left for the next run)', restart.skipped],
        ['cycles booked after restart', `${chargedAfter} of ${SERIES}`],
        ['processor approvals / booked charges', `${ledgerApproved} / ${booked}`],
        ['double charges', doubles],
      ],
    );
    const ok = doubles === 0 && secondRun.charged === 0 && ledgerApproved === booked;
    console.log(ok ? 'Within budget: no cycle charged twice.' : 'OVER BUDGET: a cycle was charged twice.');
    return ok;
  });
}
