// The transaction report's server-side export to CSV for one merchant (the busiest, 'All matching
// rows', every column, the last 90 days) through the route and the job runner, against
// `COPY (…) TO STDOUT` of the same rows, window and order as stored, in the same database as the
// report bench (exports.bench.ts measures the same on a database of its own). Budget: at least 0.5x
// COPY's rows per second, the server's memory growing under 100 MB while the job runs.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { reportExportColumns } from '@portico/contracts/transactions/report-export-columns';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import type { AppConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { sessionCookieFor } from '../apps/server/test/auth-helpers';
import { copyOnce, copySql, type ExportRun, runExport } from './exports.bench';
import { recordFigure, STREAM_MEMORY_BUDGET_MB } from './scale';
import { median, printTable } from './stats';

const RATE_BUDGET = 0.5;
const RUNS = 3;
const WINDOW_DAYS = 90;
const mb = (bytes: number) => bytes / 1024 / 1024;

export async function benchReportExport(
  handle: DatabaseHandle,
  pool: pg.Pool,
  config: AppConfig,
  endAt: Date,
): Promise<boolean> {
  const busiest = await pool.query<{ client_id: string }>(
    'select client_id from transactions group by client_id order by count(*) desc limit 1',
  );
  const merchantId = busiest.rows[0]?.client_id;
  if (!merchantId) throw new Error('The seeded database has no merchants');
  const startAt = new Date(endAt.getTime() - WINDOW_DAYS * 86_400_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-bench-report-export-'));
  const app = await buildApp({
    config: { ...config, dataDir, webDistDir: undefined, rateLimitPerMinute: 1_000_000, logLevel: 'warn' },
    database: handle,
    logger: false,
  });
  try {
    await app.ready();
    const cookie = await sessionCookieFor(handle.db, `admin@${config.providerDomain}`);
    // Every scheduled job runs its period once first, so each tick below runs the export alone.
    await app.jobs.tick();
    const window = { startAt, endAt, merchantId };
    const copyText = copySql(startAt, endAt, merchantId);
    await copyOnce(pool, copyText);
    await runExport(app, cookie, dataDir, 'csv', window);
    const copies: { ms: number; rows: number }[] = [];
    const runs: ExportRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      if (i % 2) runs.push(await runExport(app, cookie, dataDir, 'csv', window));
      copies.push(await copyOnce(pool, copyText));
      if (i % 2 === 0) runs.push(await runExport(app, cookie, dataDir, 'csv', window));
    }
    const rows = copies[0]?.rows ?? 0;
    const copyMs = median(copies.map((c) => c.ms));
    const copyRate = rows / (copyMs / 1000);
    const ms = median(runs.map((run) => run.ms));
    const rate = rows / (ms / 1000);
    const ratio = rate / copyRate;
    const growth = Math.max(...runs.map((run) => mb(run.growth)));
    const sameRows = runs.every((run) => run.rows === rows);
    const within = sameRows && ratio >= RATE_BUDGET && growth < STREAM_MEMORY_BUDGET_MB;
    recordFigure('export CSV, one merchant, rows/s', 'rate', rate, copyRate);
    recordFigure('export CSV, RSS growth MB', 'stream-memory-mb', growth);
    console.log(
      `\nServer-side CSV export of the report (admin, the busiest merchant, ${WINDOW_DAYS} days, ${rows} rows, ` +
        `${reportExportColumns.length} columns), median of ${RUNS}` +
        '\n(ratio: export rows/s over COPY rows/s; RSS growth: the server process while the job ran)',
    );
    printTable(
      ['path', 'ms', 'rows/s', 'file MB', 'ratio', 'RSS growth MB', 'budget'],
      [
        ['COPY (…) TO STDOUT of the stored rows', copyMs, Math.round(copyRate), '', '', '', ''],
        [
          `export job, csv${sameRows ? '' : ` (ROW COUNTS DIFFER: ${runs.map((run) => run.rows).join(', ')})`}`,
          ms,
          Math.round(rate),
          mb(runs[0]?.bytes ?? 0),
          ratio,
          growth,
          `${within ? 'ok' : 'OVER'} (>= ${RATE_BUDGET}, < ${STREAM_MEMORY_BUDGET_MB} MB)`,
        ],
      ],
    );
    return within;
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
