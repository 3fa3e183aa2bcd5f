import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { databaseUrlOf, withAdminClient } from './postgres-admin';
import { testDriver } from './test-database';

// The database a crash test's child servers share and outlive: PGlite in a DATA_DIR, or a PostgreSQL
// database of its own. `env` goes to every child server; `withDatabase` opens it while no server holds
// it (PGlite allows one process at a time).
export type CrashTarget = {
  env: NodeJS.ProcessEnv;
  withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T>;
  remove(): Promise<void>;
};

export async function crashTarget(workDir: string, namePrefix: string): Promise<CrashTarget> {
  const dataDir = path.join(workDir, 'data');
  let open: () => Promise<DatabaseHandle>;
  let env: NodeJS.ProcessEnv;
  let remove = async () => {};
  if (testDriver === 'pglite') {
    env = { DATA_DIR: dataDir };
    open = () => openDatabase({ dataDir });
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
    const name = `${namePrefix}_${randomBytes(6).toString('hex')}`;
    await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
    const databaseUrl = databaseUrlOf(adminUrl, name);
    env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    open = () => openDatabase({ databaseUrl });
    remove = async () => {
      await withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name}`));
    };
  }
  return {
    env,
    remove,
    async withDatabase(work) {
      const database = await open();
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
  };
}
