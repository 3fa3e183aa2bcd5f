import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { migrationsFolder } from '../../src/db/migrate';
import { loginTokens } from '../../src/db/schema/auth';
import { jobRuns } from '../../src/db/schema/jobs';
import { queryRows } from '../../src/db/sql-rows';
import { buildUser } from '../factories';
import { databaseUrlOf, withAdminClient } from '../postgres-admin';
import { type RunningServer, spawnServer, stopServer, untilReady } from '../server-process';

// Two real server processes on one empty PostgreSQL database. They migrate one
// after the other under the start-up advisory lock, every scheduled job period runs once between
// them, and the sign-in rate limit and the login-link limit hold across both. PostgreSQL only: two
// processes cannot share an embedded PGlite (vitest.config.ts keeps this folder off api-pglite).

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const metricsToken = randomBytes(24).toString('hex');
const signInLimit = 4;
const linksPerAddress = 2;

let workDir: string;
let logPath: string;
let databaseName: string;
let database: DatabaseHandle;
let servers: RunningServer[] = [];

beforeAll(async () => {
  if (!adminUrl) throw new Error('this test runs on the api-postgres tier (TEST_DATABASE_URL)');
  workDir = await mkdtemp(path.join(tmpdir(), 'portico-two-instances-'));
  logPath = path.join(workDir, 'servers.log');
  databaseName = `portico_two_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${databaseName}`));
  const databaseUrl = databaseUrlOf(adminUrl, databaseName);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_KEY: randomBytes(32).toString('hex'),
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(workDir, 'no-web-build'),
    METRICS_TOKEN: metricsToken,
    JOBS: 'true',
    JOB_TICK_SECONDS: '1',
    AUTH_RATE_LIMIT_PER_MINUTE: String(signInLimit),
    LOGIN_LINKS_PER_ADDRESS: String(linksPerAddress),
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  delete env.REPORTING_DATABASE_URL;
  delete env.SMTP_URL;
  // Both at once, on a database with no tables yet.
  servers = await Promise.all(
    ['a', 'b'].map((name) => spawnServer({ ...env, DATA_DIR: path.join(workDir, `data-${name}`) }, logPath)),
  );
  await Promise.all(servers.map((server) => untilReady(server, logPath)));
  database = await openDatabase({ databaseUrl });
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await database?.close();
  if (databaseName) {
    await withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${databaseName}`));
  }
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

function server(index: 0 | 1): RunningServer {
  const found = servers[index];
  if (!found) throw new Error(`server ${index} did not start`);
  return found;
}

async function metricsOf(target: RunningServer): Promise<Map<string, number>> {
  const response = await fetch(`${target.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  expect(response.status).toBe(200);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

// Attempts of one job on one instance, whatever their outcome.
function attemptsOf(samples: Map<string, number>, job: string): number {
  let total = 0;
  for (const [series, value] of samples) {
    if (series.startsWith(`portico_job_runs_total{job="${job}",`)) total += value;
  }
  return total;
}

const ticksOf = (samples: Map<string, number>) => samples.get('portico_job_ticks_total') ?? 0;

function postFirebase(target: RunningServer, email: string) {
  return fetch(`${target.baseUrl}/firebase`, {
    method: 'POST',
    headers: { origin: target.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}

describe('two instances on one PostgreSQL', () => {
  it('migrate one after the other: every migration applied once, both serving', async () => {
    const journal: unknown = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    );
    const entries =
      typeof journal === 'object' &&
      journal !== null &&
      'entries' in journal &&
      Array.isArray(journal.entries)
        ? journal.entries.length
        : -1;
    const [applied] = await queryRows(
      database.db,
      sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual({ n: entries, distinct_hashes: entries });
    for (const target of servers) expect((await fetch(`${target.baseUrl}/healthz`)).status).toBe(200);
  });

  it('run each scheduled job period once between them', { timeout: 120_000 }, async () => {
    // Both runners have finished at least two ticks: each has tried every period there was.
    for (;;) {
      const [a, b] = await Promise.all([metricsOf(server(0)), metricsOf(server(1))]);
      if (ticksOf(a) >= 2 && ticksOf(b) >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A snapshot in which no run started meanwhile (a new minute starts a new period).
    for (;;) {
      const before = await Promise.all([metricsOf(server(0)), metricsOf(server(1))]);
      const runs = await database.db.select().from(jobRuns);
      const after = await Promise.all([metricsOf(server(0)), metricsOf(server(1))]);
      const names = [
        'email.retry',
        'data-sync.process',
        'payments.reconcile',
        'housekeeping',
        'statements.post',
        'payouts.post',
        'subscriptions.charge',
        'bill-payments.reconcile',
        'monthly-billing.bill',
        'disputes.poll',
        'webhooks.deliver',
        'exports.expire',
        'reports.schedule',
      ];
      const stable = names.every(
        (job) =>
          attemptsOf(before[0], job) === attemptsOf(after[0], job) &&
          attemptsOf(before[1], job) === attemptsOf(after[1], job) &&
          runs.every((run) => run.status === 'succeeded' || run.name !== job),
      );
      if (!stable) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      expect(new Set(runs.map((run) => run.name))).toEqual(new Set(names));
      for (const run of runs)
        expect([run.name, run.status, run.attempts]).toEqual([run.name, 'succeeded', 1]);
      for (const job of names) {
        const periods = runs.filter((run) => run.name === job).length;
        expect(attemptsOf(after[0], job) + attemptsOf(after[1], job), job).toBe(periods);
      }
      return;
    }
  });

  it('share the sign-in rate limit and the login-link limit', async () => {
    const user = await buildUser(database.db, { email: 'two.instances@portico.example' });
    // All at once, half on each instance, from one client address: within the sign-in limit, and
    // however they interleave only linksPerAddress links are issued.
    const atOnce = await Promise.all(
      Array.from({ length: signInLimit }, (_, call) =>
        postFirebase(server(call % 2 === 0 ? 0 : 1), user.email),
      ),
    );
    expect(atOnce.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    // One more, on either instance, is over the limit both count.
    expect((await postFirebase(server(0), user.email)).status).toBe(429);
    expect((await postFirebase(server(1), user.email)).status).toBe(429);
    const [links] = await database.db
      .select({ n: count() })
      .from(loginTokens)
      .where(eq(loginTokens.email, user.email));
    expect(links?.n).toBe(linksPerAddress);
  });
});
