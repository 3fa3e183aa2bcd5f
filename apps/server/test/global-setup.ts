import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrationsFolder, runMigrations } from '../src/db/migrate';
import { databaseUrlOf, withAdminClient } from './postgres-admin';

// Vitest globalSetup of the API tiers: migrate ONE database per run and let every test file start from
// a copy of it (test-database.ts) instead of running every migration again in each file.
// migrate.db.test.ts still migrates from scratch, and the template itself is built by the real
// migrations, so a broken migration fails the run here.

declare module 'vitest' {
  export interface ProvidedContext {
    // PGlite: the dumpDataDir() tarball of a migrated instance.
    pgliteTemplateFile: string;
    // PostgreSQL: the database to CREATE DATABASE … TEMPLATE from.
    postgresTemplateName: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB_DRIVER === 'postgres') {
    project.provide('postgresTemplateName', await ensurePostgresTemplate());
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-test-template-'));
  project.provide('pgliteTemplateFile', await writePgliteTemplate(dir));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function writePgliteTemplate(dir: string): Promise<string> {
  const client = new PGlite();
  try {
    await runMigrations(drizzle(client), 'pglite');
    // gzip: a fifth of the size and, measured, no slower to load than the raw tar.
    const dump = await client.dumpDataDir('gzip');
    const file = path.join(dir, 'pglite-template.tar.gz');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}

// The name carries a hash of the migration set (and the month, which sets the transaction partitions),
// so a server that outlives a run (TEST_DATABASE_URL) never hands out a template of older migrations.
// The advisory lock keeps two runs against one server from building it at the same time.
async function ensurePostgresTemplate(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
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
      const handle = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, name) });
      try {
        await runMigrations(handle);
      } finally {
        await handle.close();
      }
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
