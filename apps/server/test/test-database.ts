import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { databaseUrlOf, testAdminUrl, withAdminClient } from './postgres-admin';

// The API tier runs twice: on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set
// (the vitest project sets TEST_DB_DRIVER). Each test file gets a database of its own.
export const testDriver: 'pglite' | 'postgres' =
  process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

// Each file's database is a copy of a template that global-setup.ts built once for the run: the
// migrated schema, or with demoAccounts the demo cast on top (what seedDemoAccounts writes with the
// tests' data key), which every file reading the demo people would otherwise seed again itself.
// `fresh` starts from an empty database and runs every migration (migrate.db.test.ts).
export async function openTestDatabase(
  options: { fresh?: boolean; demoAccounts?: boolean } = {},
): Promise<DatabaseHandle> {
  const template = options.fresh ? null : options.demoAccounts ? 'demo' : 'migrated';
  const handle = await openEmptyOrCopy(template);
  // From scratch this migrates; on a copy it finds nothing to apply and only keeps the partition
  // window current, so a template can never be behind the migration files.
  await runMigrations(handle);
  return handle;
}

type Template = 'migrated' | 'demo';

async function openEmptyOrCopy(template: Template | null): Promise<DatabaseHandle> {
  if (testDriver === 'pglite') {
    if (template === null) return openDatabase({ memory: true });
    const tarball = fs.readFileSync(
      inject(template === 'demo' ? 'pgliteDemoTemplateFile' : 'pgliteTemplateFile'),
    );
    return openDatabase({ memory: true, loadDataDir: new Blob([tarball]) });
  }
  const adminUrl = testAdminUrl();
  const name = `portico_test_${randomBytes(6).toString('hex')}`;
  const source =
    template === null
      ? ''
      : ` template ${inject(template === 'demo' ? 'postgresDemoTemplateName' : 'postgresTemplateName')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}${source}`));
  const handle = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropWhenDisconnected(adminUrl, name);
    },
  };
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
