import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { databaseUrlOf, testAdminUrl, withAdminClient } from './postgres-admin';
import { type RunningServer, spawnServer } from './server-process';
import { testDriver } from './test-database';

// The database a crash test's child servers share and outlive: PGlite in a DATA_DIR, or a PostgreSQL
// database of its own. `env` goes to every child server; `withDatabase` opens it while no server holds
// it (PGlite allows one process at a time).
export type CrashTarget = {
  env: NodeJS.ProcessEnv;
  // Where every child server writes its output (untilReady reads it).
  logPath: string;
  withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T>;
  // The real server as a child process on this database, under one data key for all of them: test
  // mode, no demo seed, no web build, none of the parent's reporting database or SMTP server, the
  // fault point off; extraEnv adds or overrides (JOBS, PORTICO_CRASH_AFTER_PROCESSOR_ANSWER=1).
  startServer(extraEnv?: NodeJS.ProcessEnv): Promise<RunningServer>;
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
    const adminUrl = testAdminUrl();
    const name = `${namePrefix}_${randomBytes(6).toString('hex')}`;
    await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
    const databaseUrl = databaseUrlOf(adminUrl, name);
    env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    open = () => openDatabase({ databaseUrl });
    remove = async () => {
      await withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name}`));
    };
  }
  const dataKey = randomBytes(32).toString('hex');
  const logPath = path.join(workDir, 'server.log');
  return {
    env,
    logPath,
    remove,
    startServer(extraEnv = {}) {
      const childEnv: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'test',
        DATA_KEY: dataKey,
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(workDir, 'no-web-build'),
        PORTICO_CRASH_AFTER_PROCESSOR_ANSWER: '0',
        ...env,
        ...extraEnv,
      };
      if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
      delete childEnv.REPORTING_DATABASE_URL;
      delete childEnv.SMTP_URL;
      return spawnServer(childEnv, logPath);
    },
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
