import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

// One schema, two drivers: the embedded PGlite in DATA_DIR, or a real PostgreSQL by DATABASE_URL.
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
// Repositories accept either the database or an open transaction.
export type Executor = Db | Tx;

export type DatabaseHandle = {
  db: Db;
  driver: 'pglite' | 'postgres';
  // For streaming and COPY on PostgreSQL; undefined on PGlite.
  pool: pg.Pool | undefined;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseTarget =
  | { databaseUrl: string }
  | { dataDir: string }
  // loadDataDir: a dumpDataDir() tarball to start from (the tests' copy of a migrated template).
  | { memory: true; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) return openPostgres(target.databaseUrl);
  if ('dataDir' in target) {
    const dir = path.join(target.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    return openPglite(new PGlite(dir));
  }
  return openPglite(new PGlite({ loadDataDir: target.loadDataDir }));
}

// A handle on a PGlite the caller made and still holds (the tests dump their templates from it).
export async function openPglite(client: PGlite): Promise<DatabaseHandle> {
  await client.waitReady;
  const db: Db = drizzlePglite(client, { casing: 'snake_case' });
  return {
    db,
    driver: 'pglite',
    pool: undefined,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

// The same drizzle handle on one client taken from the pool (a stream's cursor transaction), so the
// repositories' functions run on that client, in its snapshot.
export function executorOnClient(client: pg.PoolClient): Db {
  return drizzleNodePg(client, { casing: 'snake_case' });
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client killed by the server (restart, admin termination) must not crash the process;
  // the next query on the pool reconnects or fails with its own error.
  pool.on('error', () => {});
  // Bigints (money in cents, counts) arrive as strings; parse them where they are read.
  const db: Db = drizzleNodePg(pool, { casing: 'snake_case' });
  return {
    db,
    driver: 'postgres',
    pool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
