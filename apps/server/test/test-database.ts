import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

// The API tier runs twice: on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set
// (the vitest project sets TEST_DB_DRIVER). Each test file gets a database of its own.
export const testDriver: 'pglite' | 'postgres' =
  process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDriver === 'pglite') {
    const handle = await openDatabase({ memory: true });
    await runMigrations(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `portico_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropWhenDisconnected(adminUrl, name);
    },
  };
}

async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

// The pool's sockets may still be closing after end(); forcing the drop would kill them mid-close and
// surface as unhandled errors, so wait for them to go instead.
async function dropWhenDisconnected(adminUrl: string, name: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name}`));
      return;
    } catch (err) {
      if (attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
