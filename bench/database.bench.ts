// The database benchmarks on a throwaway PostgreSQL seeded with BENCH_TRANSACTIONS (1,000,000 by default).
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/seed-demo-data';
import { createFieldCipher } from '../apps/server/src/lib/crypto/field-cipher';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { benchNdjsonStream } from './ndjson-stream.bench';
import { benchReportPage } from './report-page.bench';
import { benchRiskMonitoring } from './risk-monitoring.bench';
import { benchStatements } from './statements.bench';
import { timeMs } from './stats';

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
    const log = pino({ level: 'warn' });
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
    await pool.query('analyze');
    const counted = await pool.query<{ n: string }>('select count(*)::text as n from transactions');
    console.log(`Seeded ${counted.rows[0]?.n} transactions in ${(seedMs / 1000).toFixed(1)} s`);
    ok = await benchReportPage(handle, pool, new Date());
    ok = (await benchNdjsonStream(handle, pool, config, new Date())) && ok;
    ok = (await benchRiskMonitoring(handle, pool, new Date())) && ok;
    ok = (await benchStatements(handle, pool, new Date())) && ok;
  } finally {
    await handle.close();
    postgres?.stop();
  }
  return ok;
}
