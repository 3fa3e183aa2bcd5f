// The database benchmarks on a throwaway PostgreSQL seeded with BENCH_TRANSACTIONS (1,000,000 by default).
// Every run writes its figures to bench/results/report-<transactions>.json; a run larger than
// 1,000,000 prints each figure beside the 1,000,000 run's, with the scale budgets (scale.ts).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config';
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

export async function benchDatabase(): Promise<boolean> {
  const transactions = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
  const externalUrl = process.env.BENCH_DATABASE_URL;

  const postgres = externalUrl ? undefined : await startThrowawayPostgres();
  const url = externalUrl ?? postgres?.url ?? '';
  const handle = await openDatabase({ databaseUrl: url });
  let ok = false;
  try {
    const pool = handle.pool;
    if (!pool) throw new Error('The benchmark needs PostgreSQL');
    await runMigrations(handle);
    const config = loadConfig({ ...process.env, DATABASE_URL: url });
    // The seed's phases (with their ms) are printed: at 10,000,000 rows they say where its time goes.
    const log = pino({ level: 'info' });
    // A throwaway key: the benchmark database is deleted when it ends.
    const cipher = createFieldCipher(randomBytes(32));
    const seedMs = await timeMs(() =>
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
    // Vacuumed before anything is timed, as autovacuum leaves a live database: left to autovacuum, the
    // freshly loaded partitions were vacuumed while the first figures ran (at 10,000,000 rows, for
    // minutes), and those figures measured the vacuum beside them.
    const vacuumMs = await timeMs(() => pool.query('vacuum analyze'));
    const counted = await pool.query<{ n: string }>('select count(*)::text as n from transactions');
    const seeded = Number(counted.rows[0]?.n ?? 0);
    const size = await pool.query<{ size: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    );
    console.log(
      `Seeded ${seeded} transactions in ${(seedMs / 1000).toFixed(1)} s, vacuumed in ${(vacuumMs / 1000).toFixed(1)} s; database ${size.rows[0]?.size}` +
        (postgres ? `, ${diskUsed(postgres.dir)} on disk with its WAL (${postgres.dir})` : '') +
        `; load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} on ${os.cpus().length} cores`,
    );
    ok = await benchReportPage(handle, pool, new Date());
    ok = (await benchNdjsonStream(handle, pool, config, new Date())) && ok;
    ok = (await benchDashboardStats(handle, pool, config.providerDomain, new Date())) && ok;
    ok = (await benchRiskMonitoring(handle, pool, new Date())) && ok;
    ok = (await benchStatements(handle, pool, new Date())) && ok;
    ok = (await benchReportExport(handle, pool, config, new Date())) && ok;
    const results = {
      transactions,
      seededTransactions: seeded,
      seedSeconds: Math.round(seedMs / 100) / 10,
      measuredAt: new Date().toISOString(),
      loadAverage: os.loadavg(),
      figures: [...recordedFigures()],
    };
    const file = await writeScaleResults(results);
    console.log(
      `\nFigures written to ${file} (load average now ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    if (transactions > referenceTransactions) ok = (await compareWithReference(results)) && ok;
  } finally {
    await handle.close();
    // BENCH_KEEP_DATABASE=1 leaves the throwaway server running for EXPLAIN after the run (stop it with
    // pg_ctl -D <dir>/data stop, then remove the directory).
    if (process.env.BENCH_KEEP_DATABASE === '1' && postgres) {
      console.log(`[postgres] kept: ${postgres.url} in ${postgres.dir}`);
    } else postgres?.stop();
  }
  return ok;
}
