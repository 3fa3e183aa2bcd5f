import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { type DatabaseHandle, openDatabase, openPglite } from '../src/db/client';
import { migrationsFolder, runMigrations } from '../src/db/migrate';
import { seedDemoAccounts } from './demo-data';
import { databaseUrlOf, testAdminUrl, withAdminClient } from './postgres-admin';

// Vitest globalSetup of the API tiers: build the databases every test file starts from ONCE per run,
// and let each file take a copy (test-database.ts) instead of running every migration, and seeding
// the demo cast, again in each file. Two templates: the migrated schema, and the same with the demo
// accounts (seedDemoAccounts). migrate.db.test.ts still migrates from scratch, and the templates
// themselves are built by the real migrations and seed, so a broken one fails the run here.

declare module 'vitest' {
  export interface ProvidedContext {
    // PGlite: the dumpDataDir() tarballs of a migrated instance, without and with the demo cast.
    pgliteTemplateFile: string;
    pgliteDemoTemplateFile: string;
    // PostgreSQL: the databases to CREATE DATABASE … TEMPLATE from.
    postgresTemplateName: string;
    postgresDemoTemplateName: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB_DRIVER === 'postgres') {
    const migrated = await ensurePostgresTemplate();
    const demo = await createPostgresDemoTemplate(migrated);
    project.provide('postgresTemplateName', migrated);
    project.provide('postgresDemoTemplateName', demo.name);
    return demo.drop;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-test-template-'));
  const files = await writePgliteTemplates(dir);
  project.provide('pgliteTemplateFile', files.migrated);
  project.provide('pgliteDemoTemplateFile', files.demo);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function writePgliteTemplates(dir: string): Promise<{ migrated: string; demo: string }> {
  const client = new PGlite();
  const handle = await openPglite(client);
  try {
    await runMigrations(handle);
    const migrated = await dumpTo(client, path.join(dir, 'pglite-template.tar'));
    await seedDemoAccounts(handle);
    const demo = await dumpTo(client, path.join(dir, 'pglite-demo-template.tar'));
    return { migrated, demo };
  } finally {
    await handle.close();
  }
}

// The raw tar: every API file loads one, and unpacking the gzip cost about 0.6 s of each 2 s load
// (four loads of each, migrated template); the files only live for the run.
async function dumpTo(client: PGlite, file: string): Promise<string> {
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

// The demo template is the run's own (the seed changes more often than the migrations, and a server
// that outlives the run must not hand an older cast to the next one): made from the migrated
// template, seeded, and dropped when the run ends.
async function createPostgresDemoTemplate(migrated: string) {
  const adminUrl = testAdminUrl();
  const name = `portico_demo_${randomBytes(6).toString('hex')}`;
  const drop = () =>
    withAdminClient(adminUrl, (admin) => admin.query(`drop database if exists ${name}`)).then(() => {});
  await withAdminClient(adminUrl, (admin) => admin.query(`create database ${name} template ${migrated}`));
  try {
    await withDatabase(databaseUrlOf(adminUrl, name), (handle) => seedDemoAccounts(handle));
  } catch (err) {
    await drop();
    throw err;
  }
  return { name, drop };
}

async function withDatabase(url: string, work: (handle: DatabaseHandle) => Promise<void>) {
  const handle = await openDatabase({ databaseUrl: url });
  try {
    await work(handle);
  } finally {
    await handle.close();
  }
}

// The name carries a hash of the migration set (and the month, which sets the transaction partitions),
// so a server that outlives a run (TEST_DATABASE_URL) never hands out a template of older migrations.
// The advisory lock keeps two runs against one server from building it at the same time.
async function ensurePostgresTemplate(): Promise<string> {
  const adminUrl = testAdminUrl();
  const name = `portico_template_${migrationSetHash()}`;
  await withAdminClient(adminUrl, async (admin) => {
    await admin.query(`select pg_advisory_lock(hashtext('portico_test_template'))`);
    const existing = await admin.query(
      `select datname from pg_database where datname like 'portico\\_template\\_%'`,
    );
    const names: unknown[] = existing.rows.map((row: { datname?: unknown }) => row.datname);
    // Templates of older migration sets; one still being copied by another run stays for next time.
    for (const stale of names) {
      if (typeof stale === 'string' && stale !== name) {
        await admin.query(`drop database if exists ${stale}`).catch(() => {});
      }
    }
    if (names.includes(name)) return;
    await admin.query(`create database ${name}`);
    try {
      await withDatabase(databaseUrlOf(adminUrl, name), (handle) => runMigrations(handle));
    } catch (err) {
      await admin.query(`drop database if exists ${name}`);
      throw err;
    }
  });
  return name;
}

function migrationSetHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  const files = fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => fs.statSync(path.join(folder, file)).isFile())
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(folder, file)));
  }
  hash.update(new Date().toISOString().slice(0, 7));
  return hash.digest('hex').slice(0, 16);
}
