// The database benchmarks on a throwaway PostgreSQL seeded with BENCH_TRANSACTIONS (1,000,000 by default).
// Every run of every part on a fresh seed writes its figures to bench/results/report-<transactions>.json;
// a run larger than 1,000,000 prints each figure beside the 1,000,000 run's, with the scale budgets
// (scale.ts).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pino from 'pino';
import { type AppConfig, loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/seed-demo-data';
import { createFieldCipher } from '../apps/server/src/lib/crypto/field-cipher';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { benchDashboardStats } from './dashboard-stats.bench';
import { benchNdjsonStream } from './ndjson-stream.bench';
import { benchReportExport } from './report-export.bench';
import { benchReportPage } from './report-page.bench';
import { benchRiskMonitoring } from './risk-monitoring.bench';
import { compareWithReference, recordedFigures, referenceTransactions, writeScaleResults } from './scale';
import { benchScalePair, type SeededDatabase } from './scale-pair.bench';
import { benchStatements } from './statements.bench';
import { timeMs } from './stats';

// The disk the throwaway cluster takes (data, indexes and WAL), as du counts it.
function diskUsed(dir: string): string {
  try {
    return execFileSync('du', ['-sh', dir], { encoding: 'utf8' }).split('\t')[0] ?? '?';
  } catch {
    return '?';
  }
}

const allReportParts = ['page', 'stream', 'dashboard', 'risk', 'statements', 'export'] as const;

// BENCH_REPORT_PARTS=dashboard,stream: only those parts of the report bench (every part by default).
function reportParts(): Set<string> {
  const asked = process.env.BENCH_REPORT_PARTS?.split(',').map((part) => part.trim()) ?? [...allReportParts];
  const unknown = asked.filter((part) => !(allReportParts as readonly string[]).includes(part));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_REPORT_PARTS: unknown ${unknown.join(', ')} (known: ${allReportParts.join(', ')})`,
    );
  }
  return new Set(asked);
}

type ThrowawayPostgres = Awaited<ReturnType<typeof startThrowawayPostgres>>;

type OpenedDatabase = SeededDatabase & {
  postgres: ThrowawayPostgres | undefined;
  reused: boolean;
  seedMs: number;
  vacuumMs: number;
};

// The database at url (or a throwaway PostgreSQL when none is given), migrated and seeded with
// transactions. One that already holds transactions (a run kept it with BENCH_KEEP_DATABASE) is
// measured as it is: seeding 10,000,000 rows takes 15 minutes.
async function openSeeded(
  url: string | undefined,
  transactions: number,
  config: Pick<AppConfig, 'providerDomain' | 'partnerDomains'>,
): Promise<OpenedDatabase> {
  const postgres = url ? undefined : await startThrowawayPostgres();
  const handle = await openDatabase({ databaseUrl: url ?? postgres?.url ?? '' });
  const pool = handle.pool;
  if (!pool) throw new Error('The benchmark needs PostgreSQL');
  await runMigrations(handle);
  const existing = await pool.query<{ seeded: boolean }>(
    'select exists (select 1 from transactions) as seeded',
  );
  const reused = existing.rows[0]?.seeded === true;
  let seedMs = 0;
  let vacuumMs = 0;
  if (!reused) {
    // The seed's phases (with their ms) are printed: at 10,000,000 rows they say where its time goes.
    const log = pino({ level: 'info' });
    // A throwaway key: the benchmark database is deleted when it ends.
    const cipher = createFieldCipher(randomBytes(32));
    seedMs = await timeMs(() =>
      seedDemoData(
        handle,
        {
          transactions,
          providerDomain: config.providerDomain,
          partnerDomains: config.partnerDomains,
          encrypt: (plaintext, column) => cipher.encrypt(plaintext, column),
        },
        log,
      ),
    );
    // Vacuumed before anything is timed, as autovacuum leaves a live database: left to autovacuum,
    // the freshly loaded partitions were vacuumed while the first figures ran (at 10,000,000 rows,
    // for minutes), and those figures measured the vacuum beside them.
    vacuumMs = await timeMs(() => pool.query('vacuum analyze'));
  }
  const counted = await pool.query<{ n: string }>('select count(*)::text as n from transactions');
  const seeded = Number(counted.rows[0]?.n ?? 0);
  const size = await pool.query<{ size: string }>(
    'select pg_size_pretty(pg_database_size(current_database())) as size',
  );
  console.log(
    (reused
      ? `Reused a database of ${seeded} transactions; database ${size.rows[0]?.size}`
      : `Seeded ${seeded} transactions in ${(seedMs / 1000).toFixed(1)} s, vacuumed in ${(vacuumMs / 1000).toFixed(1)} s; database ${size.rows[0]?.size}`) +
      (postgres ? `, ${diskUsed(postgres.dir)} on disk with its WAL (${postgres.dir})` : '') +
      `; load average ${loadAverage()} on ${os.cpus().length} cores`,
  );
  return { handle, pool, transactions: seeded, postgres, reused, seedMs, vacuumMs };
}

async function closeSeeded(database: OpenedDatabase | undefined): Promise<void> {
  if (!database) return;
  await database.handle.close();
  // BENCH_KEEP_DATABASE=1 leaves the throwaway server running, to measure again (BENCH_DATABASE_URL)
  // or EXPLAIN after the run (stop it with pg_ctl -D <dir>/data stop, then remove the directory).
  if (process.env.BENCH_KEEP_DATABASE === '1' && database.postgres) {
    console.log(`[postgres] kept: ${database.postgres.url} in ${database.postgres.dir}`);
  } else database.postgres?.stop();
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export async function benchDatabase(): Promise<boolean> {
  const transactions = Number(process.env.BENCH_TRANSACTIONS ?? referenceTransactions);
  const parts = reportParts();
  const config = loadConfig({ ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL });
  let database: OpenedDatabase | undefined;
  let reference: OpenedDatabase | undefined;
  try {
    database = await openSeeded(process.env.BENCH_DATABASE_URL, transactions, config);
    const { handle, pool } = database;
    // The server the stream bench starts reads the same database.
    const serverConfig = { ...config, databaseUrl: database.postgres?.url ?? config.databaseUrl };
    let ok = true;
    if (parts.has('page')) ok = (await benchReportPage(handle, pool, new Date())) && ok;
    if (parts.has('stream')) ok = (await benchNdjsonStream(handle, pool, serverConfig, new Date())) && ok;
    if (parts.has('dashboard'))
      ok = (await benchDashboardStats(handle, pool, config.providerDomain, new Date())) && ok;
    if (parts.has('risk')) ok = (await benchRiskMonitoring(handle, pool, new Date())) && ok;
    if (parts.has('statements')) ok = (await benchStatements(handle, pool, new Date())) && ok;
    if (parts.has('export')) ok = (await benchReportExport(handle, pool, config, new Date())) && ok;
    // Above 1,000,000 rows, the figures that must stay flat are also timed beside a 1,000,000 database
    // in this run (BENCH_REFERENCE_DATABASE_URL, or one seeded here).
    if (transactions > referenceTransactions && (parts.has('page') || parts.has('dashboard'))) {
      console.log('\nThe 1,000,000-transaction database the flat figures are timed beside:');
      reference = await openSeeded(process.env.BENCH_REFERENCE_DATABASE_URL, referenceTransactions, config);
      ok = (await benchScalePair(database, reference, config.providerDomain, new Date())) && ok;
    }
    const results = {
      transactions,
      seededTransactions: database.transactions,
      seedSeconds: Math.round(database.seedMs / 100) / 10,
      measuredAt: new Date().toISOString(),
      loadAverage: os.loadavg(),
      figures: [...recordedFigures()],
    };
    // The results file holds whole runs from a fresh seed: a run of some parts, or on a reused
    // database, is printed (and compared) but not written.
    if (!database.reused && parts.size === allReportParts.length) {
      const file = await writeScaleResults(results);
      console.log(`\nFigures written to ${file} (load average now ${loadAverage()})`);
    }
    if (transactions > referenceTransactions) ok = (await compareWithReference(results)) && ok;
    return ok;
  } finally {
    await closeSeeded(database);
    await closeSeeded(reference);
  }
}
