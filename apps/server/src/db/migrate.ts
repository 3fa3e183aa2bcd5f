import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { serverPackageRoot } from '../lib/paths';
import type { DatabaseHandle, Db, Executor } from './client';
import { queryRows } from './sql-rows';

type Driver = DatabaseHandle['driver'];

// drizzle/ sits beside package.json, both under src/ (tsx, vitest) and for dist/server.js.
export function migrationsFolder(): string {
  return path.join(serverPackageRoot(), 'drizzle');
}

export async function runMigrations(handle: DatabaseHandle): Promise<void>;
export async function runMigrations(db: Db, driver: Driver): Promise<void>;
export async function runMigrations(target: DatabaseHandle | Db, driver?: Driver): Promise<void> {
  const db: Db = 'ping' in target ? target.db : target;
  await applyMigrationFiles(db, 'ping' in target ? target.driver : driver);
  await ensureCurrentTransactionPartitions(db);
}

// Several instances starting on one PostgreSQL migrate (and seed) one at a time: the first holds a
// session advisory lock on a client of its own while the work runs on the pool; the others wait
// for it and then find nothing left to do. PGlite has one process and one connection: no lock.
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (!handle.pool) return work();
  const client = await handle.pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('portico.startup'))`);
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('portico.startup'))`);
    }
  } finally {
    client.release();
  }
}

// Both drizzle migrators apply pending files in one transaction and record them in
// drizzle.__drizzle_migrations; instanceof picks the right one without a cast.
async function applyMigrationFiles(db: Db, driver: Driver | undefined): Promise<void> {
  const config: MigrationConfig = { migrationsFolder: migrationsFolder() };
  if (driver === 'pglite' && db instanceof PgliteDatabase) return migratePglite(db, config);
  if (driver === 'postgres' && db instanceof NodePgDatabase) return migrateNodePg(db, config);
  throw new Error(`runMigrations: the database does not match driver ${String(driver)}`);
}

// The partition window moves with time: every start-up (and the hourly housekeeping job) keeps 13
// months back and 2 months ahead in place. Idempotent; answers how many months it created.
export async function ensureCurrentTransactionPartitions(db: Executor): Promise<number> {
  return ensureTransactionPartitions(
    db,
    sql`(now() - interval '13 months')::date`,
    sql`(now() + interval '2 months')::date`,
  );
}

// Months are 'YYYY-MM-DD' strings or SQL date expressions.
export async function ensureTransactionPartitions(
  db: Executor,
  fromMonth: string | SQL,
  toMonth: string | SQL,
): Promise<number> {
  const from = typeof fromMonth === 'string' ? sql`${fromMonth}::date` : fromMonth;
  const to = typeof toMonth === 'string' ? sql`${toMonth}::date` : toMonth;
  const [row] = await queryRows(db, sql`select ensure_transaction_partitions(${from}, ${to}) as created`);
  return Number(row?.created ?? 0);
}
