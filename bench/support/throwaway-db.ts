// The preamble of the PostgreSQL benchmarks: a throwaway PostgreSQL (or BENCH_DATABASE_URL), migrated
// and, on request, seeded with the demo data; closed and removed when the benchmark ends.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import pino from 'pino';
import { type AppConfig, loadConfig } from '../../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { seedDemoData } from '../../apps/server/src/db/seed/seed-demo-data';
import { createFieldCipher } from '../../apps/server/src/lib/crypto/field-cipher';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres.mjs';

export type BenchDatabase = {
  handle: DatabaseHandle;
  pool: pg.Pool;
  config: AppConfig;
  url: string;
};

export type BenchDatabaseOptions = {
  // The demo data (users, clients, roles) with this many transactions; no seed when left out.
  seedTransactions?: number;
};

export async function withBenchDatabase<T>(
  options: BenchDatabaseOptions,
  run: (database: BenchDatabase) => Promise<T>,
): Promise<T> {
  const externalUrl = process.env.BENCH_DATABASE_URL;
  const postgres = externalUrl ? undefined : await startThrowawayPostgres();
  const url = externalUrl ?? postgres?.url ?? '';
  const handle = await openDatabase({ databaseUrl: url });
  try {
    const pool = handle.pool;
    if (!pool) throw new Error('The benchmark needs PostgreSQL');
    await runMigrations(handle);
    const config = loadConfig({ ...process.env, DATABASE_URL: url });
    if (options.seedTransactions !== undefined) {
      // A throwaway key: the benchmark database is deleted when it ends.
      const cipher = createFieldCipher(randomBytes(32));
      await seedDemoData(
        handle,
        {
          transactions: options.seedTransactions,
          providerDomain: config.providerDomain,
          partnerDomains: config.partnerDomains,
          encrypt: (plaintext, column) => cipher.encrypt(plaintext, column),
        },
        pino({ level: 'warn' }),
      );
    }
    return await run({ handle, pool, config, url });
  } finally {
    await handle.close();
    postgres?.stop();
  }
}
