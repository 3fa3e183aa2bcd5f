import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ExportText } from '@portico/contracts/exports/exports';
import { statementResponse } from '@portico/contracts/statements/statements';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { exportedCsv } from '../../../test/exports';
import { memberships } from '../../db/schema/access';
import { users } from '../../db/schema/users';

// The Statement grid's server-side export: the posted statement of the merchant and month the grid
// shows, with the grid's columns and values, for those who hold Payouts on the merchant, and
// downloaded only while they still do. One merchant's month has one statement: at most one row.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let dataDir = '';
let harbor = '';
let copper = '';
const zone = 'America/New_York';
const month = '2025-09';
const allColumns = [
  'merchant_name',
  'month_year',
  'total_amount',
  'total_transactions',
  'total_fees',
  'total_adjustments',
  'charge_backs_and_reversals_total',
  'net',
];

function body(overrides: object = {}) {
  return {
    format: 'csv',
    params: { 'year-month': month },
    columns: allColumns,
    time_zone: zone,
    ...overrides,
  };
}

function exportCsv(email: string, overrides: object = {}) {
  return exportedCsv(ctx.app, email, 'statements', body(overrides));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-statement-exports-'));
  ctx = await buildTestApp({ dataDir }, { demoAccounts: true });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
  // Posted statements of September: Harbor Lane's with a negative adjustment and chargebacks,
  // Copper Kettle's smaller.
  await ctx.app.db.execute(sql`
    insert into statements (client_id, month, total_transactions, total_amount_cents, total_fees_cents,
      total_adjustments_cents, chargebacks_and_reversals_cents, refunds_and_voids_cents, net_cents, posted_at)
    values (${harbor}::uuid, date '2025-09-01', 1234, 12345678, -345678, -123456, -98765, -1000, 11777779,
            timestamptz '2025-10-01 06:00:00Z'),
           (${copper}::uuid, date '2025-09-01', 12, 150000, -4500, 0, 0, 0, 145500,
            timestamptz '2025-10-01 06:00:00Z')`);
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an export of the Statement grid', () => {
  it("writes the merchant's statement of the month with the grid's values", async () => {
    const { rows } = await exportCsv(demo.owner);
    expect(rows[0]).toBe(
      'Merchant,Month,Total Amount,Total Transactions,Total Fees,Total Adjustments,Chargebacks and Reversals,Net',
    );
    const grid = statementResponse.parse(
      (await callAs(ctx.app, demo.owner, 'GET', `/api/statement?year-month=${month}`)).json(),
    ).message;
    expect(grid).toHaveLength(1);
    expect(grid[0]?.total_amount).toBe('123456.78');
    expect(rows.slice(1)).toEqual([
      `${grid[0]?.merchant_name},2025-09,"$123,456.78","1,234","-$3,456.78","-$1,234.56",-$987.65,"$117,777.79"`,
    ]);
  });

  it("applies the grid's merchant and month and its own column filters", async () => {
    const copperRow = await exportCsv(demo.admin, { merchant_id: copper, columns: ['month_year', 'net'] });
    expect(copperRow.rows).toEqual(['Month,Net', '2025-09,"$1,455.00"']);

    const notPosted = await exportCsv(demo.owner, { params: { 'year-month': '2025-08' } });
    expect(notPosted.rows).toHaveLength(1);

    const filteredOut = await exportCsv(demo.owner, {
      columns: ['net'],
      filters: { net: { filterType: 'number', min: 0, max: 100 } },
    });
    expect(filteredOut.rows).toEqual(['Net']);
  });

  it('refuses a month in the future as the grid does', async () => {
    const res = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      '/api/exports/statements',
      body({ params: { 'year-month': '2999-01' } }),
    );
    expect(res.statusCode).toBe(422);
  });

  it('is refused for a merchant whose statements the requester does not hold', async () => {
    const res = await callAs(
      ctx.app,
      demo.healnow,
      'POST',
      '/api/exports/statements',
      body({ merchant_id: harbor }),
    );
    expect(res.statusCode).toBe(403);
  });

  it('refuses a column the grid does not have', async () => {
    const res = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      '/api/exports/statements',
      body({ columns: ['net', 'daily_transactions'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ExportText.UnknownColumn);
  });

  it('refuses the download once the requester no longer reaches the merchant', async () => {
    const { id } = await exportCsv(demo.reseller, { merchant_id: harbor, columns: ['net'] });
    const [reseller] = await ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demo.reseller));
    await ctx.app.db.delete(memberships).where(eq(memberships.userId, reseller?.id ?? ''));
    const res = await callAs(ctx.app, demo.reseller, 'GET', `/api/exports/${id}/download`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ExportText.AccessLost);
  });
});
