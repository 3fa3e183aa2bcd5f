import { reportPageResponse } from '@portico/contracts/transactions/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { testConfig } from '../../../test/build-test-app';
import { demo, demoDomains } from '../../../test/demo-data';
import { openTestDatabase } from '../../../test/test-database';
import { type App, buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { seedDemoData } from '../../db/seed/seed-demo-data';

// REPORTING_DATABASE_URL: the admin 'with-snowflake' tab (snowflake=true) reads the warehouse, every
// other report the main database; who may see what is decided on the main database. Here the main
// database holds the demo cast without the generated series and the warehouse the same cast with it.

let main: DatabaseHandle;
let warehouse: DatabaseHandle;
let app: App;
const window = 'start=2025-04-01&end=2025-06-15';

async function report(email: string, query: string) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/report?${query}`,
    headers: { cookie: await sessionCookieFor(app.db, email) },
  });
}

beforeAll(async () => {
  main = await openTestDatabase({ demoAccounts: true });
  warehouse = await openTestDatabase();
  await seedDemoData(
    warehouse,
    {
      transactions: 300,
      anchorDate: new Date('2025-06-15T08:30:00Z'),
      ...demoDomains,
      encrypt: (plaintext, column) => `test.${column}.${Buffer.from(plaintext).toString('base64')}`,
    },
    { info: () => {} },
  );
  app = await buildApp({ config: testConfig(), database: main, reportingDatabase: warehouse, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await warehouse.close();
  await main.close();
});

describe('the reporting database', () => {
  it('answers the with-snowflake report from the warehouse and every other report from the main one', async () => {
    const fromWarehouse = await report(demo.admin, `${window}&snowflake=true`);
    expect(fromWarehouse.statusCode, fromWarehouse.body).toBe(200);
    const fromMain = await report(demo.admin, window);
    expect(fromMain.statusCode, fromMain.body).toBe(200);
    // The warehouse has the generated series on top of the recurring charges both databases hold.
    const warehouseTotal = reportPageResponse.parse(fromWarehouse.json()).total;
    const mainTotal = reportPageResponse.parse(fromMain.json()).total;
    expect(warehouseTotal - mainTotal).toBeGreaterThan(0);
  });

  it('streams Load All of the warehouse too', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/report?${window}&snowflake=true&is_portal_request=true`,
      headers: { cookie: await sessionCookieFor(app.db, demo.admin), accept: 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(reportPageResponse.parse(res.json()).message.length).toBeGreaterThan(0);
  });

  it('keeps the warehouse for admin', async () => {
    const res = await report(demo.reseller, `${window}&snowflake=true`);
    expect(res.statusCode).toBe(403);
  });
});
