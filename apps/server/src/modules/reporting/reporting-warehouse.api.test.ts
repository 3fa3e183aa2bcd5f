import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { reportPageResponse } from '@portico/contracts/transactions/report';
import { statsResponse } from '@portico/contracts/transactions/stats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { testConfig } from '../../../test/build-test-app';
import { demo, demoDomains } from '../../../test/demo-data';
import { exportedCsv } from '../../../test/exports';
import { openTestDatabase } from '../../../test/test-database';
import { type App, buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { exports } from '../../db/schema/exports';
import { seedDemoData } from '../../db/seed/seed-demo-data';

// REPORTING_DATABASE_URL (a streaming replica in production): the report page, Load All, the
// dashboard figures and the report's export read their rows from it; who may see what, sessions and
// every write stay on the main database. Here the main database holds the demo cast without the
// generated series and the reporting one the same cast with it, so an answer shows where it was read.

let main: DatabaseHandle;
let reporting: DatabaseHandle;
// Reads its rows from the reporting database; the two beside it answer from one database each.
let app: App;
let mainOnly: App;
let reportingOnly: App;
let dataDir = '';
const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString().slice(0, 10);
const window = () => `start=${daysAgo(60)}&end=${daysAgo(-1)}`;

async function get(on: App, email: string, url: string, headers: Record<string, string> = {}) {
  return on.inject({
    method: 'GET',
    url,
    headers: { cookie: await sessionCookieFor(on.db, email), ...headers },
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-reporting-'));
  main = await openTestDatabase({ demoAccounts: true });
  reporting = await openTestDatabase();
  await seedDemoData(
    reporting,
    {
      transactions: 300,
      ...demoDomains,
      encrypt: (plaintext, column) => `test.${column}.${Buffer.from(plaintext).toString('base64')}`,
    },
    { info: () => {} },
  );
  const config = testConfig({ dataDir });
  app = await buildApp({ config, database: main, reportingDatabase: reporting, logger: false });
  mainOnly = await buildApp({ config, database: main, logger: false });
  reportingOnly = await buildApp({ config, database: reporting, logger: false });
  await Promise.all([app.ready(), mainOnly.ready(), reportingOnly.ready()]);
});

afterAll(async () => {
  await Promise.all([app.close(), mainOnly.close(), reportingOnly.close()]);
  await reporting.close();
  await main.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the reporting database', () => {
  it('answers the report page from the reporting database, signed in on the main one', async () => {
    // The session exists on the main database only: the access decision was taken there.
    const answered = await get(app, demo.admin, `/api/v1/report?${window()}`);
    expect(answered.statusCode, answered.body).toBe(200);
    const expected = await get(reportingOnly, demo.admin, `/api/v1/report?${window()}`);
    const fromMain = await get(mainOnly, demo.admin, `/api/v1/report?${window()}`);
    const total = reportPageResponse.parse(answered.json()).total;
    expect(answered.json()).toEqual(expected.json());
    // The reporting database has the generated series on top of what both hold.
    expect(total).toBeGreaterThan(reportPageResponse.parse(fromMain.json()).total);
  });

  it('answers the with-snowflake tab from it too, for admin only', async () => {
    const snowflake = await get(app, demo.admin, `/api/v1/report?${window()}&snowflake=true`);
    expect(snowflake.statusCode, snowflake.body).toBe(200);
    const plain = await get(app, demo.admin, `/api/v1/report?${window()}`);
    expect(snowflake.json()).toEqual(plain.json());
    expect((await get(app, demo.reseller, `/api/v1/report?${window()}&snowflake=true`)).statusCode).toBe(403);
  });

  it('streams Load All from it, as NDJSON and as one document', async () => {
    const page = await get(app, demo.admin, `/api/v1/report?${window()}`);
    const total = reportPageResponse.parse(page.json()).total;
    const url = `/api/v1/report?${window()}&is_portal_request=true`;
    const stream = await get(app, demo.admin, url, { accept: 'application/x-ndjson' });
    expect(stream.statusCode, stream.body).toBe(200);
    expect(stream.body.trimEnd().split('\n')).toHaveLength(total);
    const document = await get(app, demo.admin, url, { accept: 'application/json' });
    expect(document.statusCode, document.body).toBe(200);
    expect(reportPageResponse.parse(document.json()).message).toHaveLength(total);
  });

  it('reads the dashboard figures from it', async () => {
    const answered = await get(app, demo.admin, '/api/stats');
    expect(answered.statusCode, answered.body).toBe(200);
    const expected = statsResponse.parse((await get(reportingOnly, demo.admin, '/api/stats')).json());
    const fromMain = statsResponse.parse((await get(mainOnly, demo.admin, '/api/stats')).json());
    const stats = statsResponse.parse(answered.json());
    expect(stats).toEqual(expected);
    expect(stats.message.last30[0]?.transactions ?? 0).toBeGreaterThan(
      fromMain.message.last30[0]?.transactions ?? 0,
    );
  });

  it("exports the report's rows from it and keeps the export's record on the main database", async () => {
    const page = await get(app, demo.admin, `/api/v1/report?${window()}`);
    const total = reportPageResponse.parse(page.json()).total;
    const { id, rows } = await exportedCsv(app, demo.admin, 'transaction-report', {
      format: 'csv',
      params: { start: daysAgo(60), end: daysAgo(-1) },
      columns: ['created_at', 'amount', 'status', 'merchant'],
      filters: {},
      sort_model: [],
      time_zone: 'UTC',
    });
    // The heading line, then one line per row of the report.
    expect(rows).toHaveLength(total + 1);
    const [record] = await main.db.select().from(exports).where(eq(exports.id, id));
    expect(record?.status).toBe('succeeded');
    expect(await reporting.db.select().from(exports).where(eq(exports.id, id))).toEqual([]);
  });
});
