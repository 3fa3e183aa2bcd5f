// Server-side exports ('All matching rows') of the transaction report: the export job through the
// real route and job runner (request, access, the report's stream, the grid's columns formatted,
// CSV or xlsx written to DATA_DIR) against `COPY (…) TO STDOUT` of the same rows, window and order
// as they are stored, in the same run. BENCH_EXPORT_ROWS transactions (200,000 by default) of one
// merchant over the last 90 days, every report column exported. Budget: CSV at least 0.5x and xlsx at
// least 0.25x COPY's rows per second, the server's memory growing under 100 MB while the job runs.
// BENCH_EXPORT_PROFILE=<directory> also writes a CPU profile of one CSV and one xlsx export there
// (after the figures): exports-csv.cpuprofile and exports-xlsx.cpuprofile.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exportResponse } from '@portico/contracts/exports/exports';
import { reportExportColumns } from '@portico/contracts/transactions/report-export-columns';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { buildApp } from '../apps/server/src/app';
import { sessionCookieFor } from '../apps/server/test/auth-helpers';
import { median, printTable } from './stats';
import { profileRuns } from './support/cpu-profile';
import { withBenchDatabase } from './support/throwaway-db';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const budgets = { csv: 0.5, xlsx: 0.25 } as const;
const MEMORY_BUDGET_MB = 100;
const adminEmail = 'admin@portico.example';
const dayMs = 86_400_000;

async function seed(pool: pg.Pool): Promise<void> {
  const merchant = await pool.query<{ id: string }>(
    `select id from clients where name = 'Harbor Lane Coffee Roasters' limit 1`,
  );
  const merchantId = merchant.rows[0]?.id;
  if (!merchantId) throw new Error('The seeded database has no Harbor Lane');
  const batch = 100_000;
  for (let from = 0; from < ROWS; from += batch) {
    const to = Math.min(ROWS, from + batch);
    await pool.query(
      `insert into transactions (client_id, type, action, action_mode, amount_cents, fee_cents, payment_status,
         request_status, status, processor, payment_method, card_brand, card_type, last4, token, meta,
         settlement_amount_cents, settlement_date, created_at)
       select $1::uuid, 'card', 'sale', 'charge', 1000 + (n % 500000), 30 + (n % 70), true, true, 'Approved',
              'fis', 'card', 'VISA', 'credit', lpad((n % 10000)::text, 4, '0'), 'VISA-' || lpad((n % 10000)::text, 4, '0') || '-12-2030',
              jsonb_build_object('firstName', 'Pat' || (n % 997), 'lastName', 'Customer, ' || (n % 31),
                                 'email', 'pat' || n || '@example.com'),
              970 + (n % 500000), (now() - make_interval(secs => (n % 7776000)))::date,
              now() - make_interval(secs => 60 + (n % 7776000))
         from generate_series($2::int, $3::int - 1) as n`,
      [merchantId, from, to],
    );
  }
  await pool.query('analyze transactions');
}

const storedColumns = `t.id, t.created_at, t.client_id, t.type, t.action, t.action_mode, t.amount_cents,
  t.fee_cents, t.surcharge_cents, t.payment_status, t.request_status, t.status, t.card_brand, t.card_type,
  t.pro_pay_status, t.token, t.original_transaction_id, t.settlement_amount_cents, t.settlement_date, t.meta,
  t.api_response, t.third_party_api_response, m.name, m.dba_name, p.name`;

// The same rows, window and order as the export reads, as they are stored (of one merchant when named).
export function copySql(startAt: Date, endAt: Date, merchantId?: string): string {
  const merchant = merchantId === undefined ? '' : `and t.client_id = '${merchantId.replaceAll("'", "''")}'`;
  return `copy (select ${storedColumns} from transactions t
    join clients m on m.id = t.client_id left join clients p on p.id = m.parent_id
    where t.created_at >= '${startAt.toISOString()}' and t.created_at < '${endAt.toISOString()}' ${merchant}
    order by t.created_at desc, t.id desc) to stdout`;
}

export async function copyOnce(pool: pg.Pool, text: string): Promise<{ ms: number; rows: number }> {
  const client = await pool.connect();
  try {
    const started = performance.now();
    let rows = 0;
    await new Promise<void>((resolve, reject) => {
      const stream = client.query(copyTo(text));
      stream.on('data', (chunk: Buffer) => {
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++;
      });
      stream.on('end', () => resolve());
      stream.on('error', reject);
    });
    return { ms: performance.now() - started, rows };
  } finally {
    client.release();
  }
}

// The largest growth over the job's start of the process's RSS, the JavaScript heap in use, memory
// outside the heap held by JavaScript objects (buffers among it) and array buffers alone.
export type MemoryGrowth = { rss: number; heapUsed: number; external: number; arrayBuffers: number };

export type ExportRun = { ms: number; rows: number; bytes: number; growth: number; memory: MemoryGrowth };

// One export of the report ('All matching rows', every column) through the route and one tick of the
// job runner: its time, rows, file size and the server's RSS growth (sampled every 20 ms) while the
// job ran, with the heap's part in it. The file is deleted after.
export async function runExport(
  app: Awaited<ReturnType<typeof buildApp>>,
  cookie: string,
  dataDir: string,
  format: 'csv' | 'xlsx',
  window: { startAt: Date; endAt: Date; merchantId?: string },
): Promise<ExportRun> {
  const { startAt, endAt, merchantId } = window;
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const asked = await app.inject({
    method: 'POST',
    url: '/api/exports/transaction-report',
    headers: { cookie },
    payload: {
      format,
      ...(merchantId === undefined ? {} : { merchant_id: merchantId }),
      params: {
        start: day(startAt),
        end: day(endAt),
        start_at: startAt.toISOString(),
        end_at: endAt.toISOString(),
      },
      columns: reportExportColumns.map((column) => column.id),
      time_zone: 'America/New_York',
    },
  });
  if (asked.statusCode !== 200) throw new Error(`export refused: ${asked.body}`);
  const id = exportResponse.parse(asked.json()).message.id;
  global.gc?.();
  const before = process.memoryUsage();
  const memory: MemoryGrowth = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    for (const key of ['rss', 'heapUsed', 'external', 'arrayBuffers'] as const) {
      memory[key] = Math.max(memory[key], now[key] - before[key]);
    }
  }, 20);
  const started = performance.now();
  await app.jobs.tick();
  const ms = performance.now() - started;
  clearInterval(sampler);
  const done = await app.inject({ method: 'GET', url: `/api/exports/${id}`, headers: { cookie } });
  const record = exportResponse.parse(done.json()).message;
  if (record.status !== 'succeeded') throw new Error(`export ${record.status}: ${record.error}`);
  await rm(path.join(dataDir, 'exports', `${id}.${format}`), { force: true });
  return { ms, rows: record.rows_written, bytes: record.byte_size ?? 0, growth: memory.rss, memory };
}

const mb = (bytes: number) => bytes / 1024 / 1024;

export async function benchExports(): Promise<boolean> {
  return withBenchDatabase({ seedTransactions: 0 }, async ({ handle, pool, config }) => {
    await seed(pool);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-bench-exports-'));
    const app = await buildApp({
      config: { ...config, dataDir, webDistDir: undefined, rateLimitPerMinute: 1_000_000, logLevel: 'warn' },
      database: handle,
      logger: false,
    });
    try {
      await app.ready();
      const cookie = await sessionCookieFor(handle.db, adminEmail);
      const endAt = new Date(Date.now() + dayMs);
      const startAt = new Date(endAt.getTime() - 92 * dayMs);
      // Every scheduled job runs its period once first, so each tick below runs the export alone.
      await app.jobs.tick();

      const exportOnce = (format: 'csv' | 'xlsx') =>
        runExport(app, cookie, dataDir, format, { startAt, endAt });

      const copyText = copySql(startAt, endAt);
      await copyOnce(pool, copyText);
      await exportOnce('csv');
      const copies: { ms: number; rows: number }[] = [];
      const runs = {
        csv: [] as Awaited<ReturnType<typeof exportOnce>>[],
        xlsx: [] as Awaited<ReturnType<typeof exportOnce>>[],
      };
      for (let i = 0; i < RUNS; i++) {
        copies.push(await copyOnce(pool, copyText));
        runs.csv.push(await exportOnce('csv'));
        runs.xlsx.push(await exportOnce('xlsx'));
      }
      const copyMs = median(copies.map((c) => c.ms));
      const rows = copies[0]?.rows ?? 0;
      const copyRate = rows / (copyMs / 1000);
      let ok = true;
      const table: (string | number)[][] = [
        ['COPY (…) TO STDOUT of the stored rows', copyMs, Math.round(copyRate), '', '', '', ''],
      ];
      for (const format of ['csv', 'xlsx'] as const) {
        const list = runs[format];
        const ms = median(list.map((run) => run.ms));
        const rate = rows / (ms / 1000);
        const ratio = rate / copyRate;
        const growth = Math.max(...list.map((run) => mb(run.growth)));
        const sameRows = list.every((run) => run.rows === rows);
        const within = sameRows && ratio >= budgets[format] && growth < MEMORY_BUDGET_MB;
        ok &&= within;
        table.push([
          `export job, ${format}${sameRows ? '' : ` (ROW COUNTS DIFFER: ${list.map((run) => run.rows).join(', ')})`}`,
          ms,
          Math.round(rate),
          mb(list[0]?.bytes ?? 0),
          ratio,
          growth,
          within ? `ok (>= ${budgets[format]})` : `OVER (>= ${budgets[format]})`,
        ]);
      }
      console.log(
        `\nServer-side export of the transaction report (admin, ${rows} rows, ${reportExportColumns.length} columns), median of ${RUNS}` +
          '\n(ratio: export rows/s over COPY rows/s; RSS growth: the server process while the job ran)',
      );
      printTable(['path', 'ms', 'rows/s', 'file MB', 'ratio', 'RSS growth MB', 'budget'], table);
      console.log('\nMemory growth while the job ran, MB (the largest of the runs):');
      printTable(
        ['format', 'RSS', 'heap used', 'external', 'array buffers'],
        (['csv', 'xlsx'] as const).map((format) => {
          const largest = (key: keyof MemoryGrowth) =>
            Math.max(...runs[format].map((run) => mb(run.memory[key])));
          return [format, largest('rss'), largest('heapUsed'), largest('external'), largest('arrayBuffers')];
        }),
      );
      const profileDir = process.env.BENCH_EXPORT_PROFILE;
      if (profileDir) {
        for (const format of ['csv', 'xlsx'] as const) {
          await profileRuns(
            () => exportOnce(format),
            1,
            path.join(profileDir, `exports-${format}.cpuprofile`),
          );
        }
      }
      return ok;
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}
