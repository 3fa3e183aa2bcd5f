import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processorLabels } from '@portico/contracts/common/processors';
import { ExportText } from '@portico/contracts/exports/exports';
import {
  type PayoutRow,
  payoutStatusLabels,
  payoutsResponse,
} from '@portico/contracts/statements/statements';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { exportedCsv } from '../../../test/exports';
import { memberships } from '../../db/schema/access';
import { users } from '../../db/schema/users';

// The Payouts grid's server-side export: every payout of the merchants the grid covers, in the grid's
// order and with its values, for those who hold Payouts on them, and downloaded only while they
// still do.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let dataDir = '';
let harbor = '';
let copper = '';
const zone = 'America/New_York';
// More than one page of the export's reads (1,000 a page): three payouts a day, two of them by the
// same processor on the same day (their id orders them), every tenth a negative amount.
const harborPayouts = 1_005;
const copperPayouts = 30;
const allColumns = ['merchant_name', 'amount', 'payout_date', 'processor', 'status', 'statement_month'];

function body(overrides: object = {}) {
  return {
    merchant_id: harbor,
    format: 'csv',
    params: {},
    columns: allColumns,
    time_zone: zone,
    ...overrides,
  };
}

function exportCsv(email: string, overrides: object = {}) {
  return exportedCsv(ctx.app, email, 'payouts', body(overrides));
}

async function gridRows(email: string, merchantId?: string): Promise<PayoutRow[]> {
  const url = merchantId === undefined ? '/api/payouts' : `/api/payouts?merchant_id=${merchantId}`;
  return payoutsResponse.parse((await callAs(ctx.app, email, 'GET', url)).json()).message;
}

const moneyText = (amount: string) => {
  const cents = Math.round(Number(amount) * 100);
  const whole = Math.floor(Math.abs(cents) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
};

// A CSV field: quoted when it holds a comma or a quote.
const csvField = (text: string) => (/[",]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

// A grid row as the export writes it.
const lineOf = (row: PayoutRow) =>
  [
    row.merchant_name,
    moneyText(row.payout_details.amount),
    row.payout_date,
    processorLabels[row.payout_details.processor as keyof typeof processorLabels],
    payoutStatusLabels[row.payout_details.status] ?? row.payout_details.status,
    row.payout_details.statement_month,
  ]
    .map(csvField)
    .join(',');

// The grid's rows in a sort as the export gives it: each key in turn (a key's value as the grid sorts
// it), ties broken by the payout's id in the last key's direction.
type SortBy = { of: (row: PayoutRow) => string | number; desc: boolean };
function sortedAsExported(rows: readonly PayoutRow[], keys: readonly SortBy[]): PayoutRow[] {
  const compare = (x: string | number, y: string | number, desc: boolean) =>
    x === y ? 0 : (x < y ? -1 : 1) * (desc ? -1 : 1);
  const idDesc = keys.at(-1)?.desc ?? true;
  return [...rows].sort((a, b) => {
    for (const key of keys) {
      const order = compare(key.of(a), key.of(b), key.desc);
      if (order !== 0) return order;
    }
    return compare(a.payout_details.id, b.payout_details.id, idDesc);
  });
}

const byDate = (row: PayoutRow) => row.payout_date;
const byAmount = (row: PayoutRow) => Number(row.payout_details.amount);
const byMonth = (row: PayoutRow) => row.payout_details.statement_month;
// Case aside, character by character.
const byMerchant = (row: PayoutRow) => row.merchant_name.toLowerCase();

async function seedPayouts(clientId: string, first: number, last: number) {
  await ctx.app.db.execute(sql`
    insert into payouts (client_id, payout_date, amount_cents, processor, statement_month, status)
    select ${clientId}::uuid, date '2026-03-31' - (n / 3), (case when n % 10 = 0 then -1 else 1 end) * (100000 + n),
           (array['fis', 'epx', 'fis'])[n % 3 + 1]::processor,
           date_trunc('month', date '2026-03-31' - (n / 3))::date,
           (case when n % 4 = 0 then 'held' else 'paid' end)::payout_status
      from generate_series(${first}::int, ${last}::int) as n`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-payout-exports-'));
  ctx = await buildTestApp({ dataDir }, { demoAccounts: true });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
  await seedPayouts(harbor, 1, harborPayouts);
  // Another merchant's payouts on the days where the list of every merchant ends its first page of
  // reads: on one day, that list orders them by merchant name.
  await seedPayouts(copper, 961, 960 + copperPayouts);
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an export of the Payouts grid', () => {
  it("writes every payout of the merchant in the grid's order, with the grid's values, past a page of reads", async () => {
    const { rows } = await exportCsv(demo.owner);
    expect(rows[0]).toBe('Merchant,Amount,Payout Date,Processor,Status,Statement');
    const grid = await gridRows(demo.owner, harbor);
    expect(grid).toHaveLength(harborPayouts);
    expect(rows.slice(1)).toEqual(grid.map(lineOf));
    expect(rows.some((row) => row.includes(',"-$1,000.10",'))).toBe(true);
    expect(rows[1]).toMatch(/^Harbor Lane[^,]*,"\$1,000\.0[12]",2026-03-31,(FIS|EPX),Paid,2026-03$/);
  });

  it('writes the payouts of every merchant in reach in the list of all merchants, ordered by name on a day', async () => {
    const { rows } = await exportCsv(demo.admin, { merchant_id: undefined });
    const grid = await gridRows(demo.admin);
    expect(grid.length).toBeGreaterThanOrEqual(harborPayouts + copperPayouts);
    expect(rows.slice(1)).toEqual(grid.map(lineOf));
  });

  it('writes them in the grid’s sort either way across pages, ties in the id’s order', async () => {
    const grid = await gridRows(demo.owner, harbor);
    for (const desc of [false, true]) {
      const sort = desc ? 'desc' : 'asc';
      // Three payouts a day: the id orders each day's.
      const byDay = await exportCsv(demo.owner, { sort_model: [{ colId: 'payout_date', sort }] });
      expect(byDay.rows.slice(1)).toEqual(sortedAsExported(grid, [{ of: byDate, desc }]).map(lineOf));
      const byMonthThenAmount = await exportCsv(demo.owner, {
        sort_model: [
          { colId: 'statement_month', sort: desc ? 'asc' : 'desc' },
          { colId: 'amount', sort },
        ],
      });
      expect(byMonthThenAmount.rows.slice(1)).toEqual(
        sortedAsExported(grid, [
          { of: byMonth, desc: !desc },
          { of: byAmount, desc },
        ]).map(lineOf),
      );
    }
    const byAmountAsc = await exportCsv(demo.owner, {
      columns: ['amount'],
      sort_model: [{ colId: 'amount', sort: 'asc' }],
    });
    expect(byAmountAsc.rows).toHaveLength(1 + harborPayouts);
    // The most negative first: n = 1000 (every tenth is negative).
    expect(byAmountAsc.rows[1]).toBe('"-$1,010.00"');
  });

  it('sorts the payouts of every merchant in reach by merchant, as the grid does', async () => {
    const grid = await gridRows(demo.admin);
    for (const desc of [false, true]) {
      const { rows } = await exportCsv(demo.admin, {
        merchant_id: undefined,
        sort_model: [{ colId: 'merchant_name', sort: desc ? 'desc' : 'asc' }],
      });
      expect(rows.slice(1)).toEqual(sortedAsExported(grid, [{ of: byMerchant, desc }]).map(lineOf));
    }
  });

  it('refuses a sort by a column the database cannot order as the grid does, naming those it can', async () => {
    for (const colId of ['processor', 'status']) {
      const res = await callAs(ctx.app, demo.owner, 'POST', '/api/exports/payouts', {
        ...body(),
        sort_model: [
          { colId: 'amount', sort: 'asc' },
          { colId, sort: 'asc' },
        ],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(
        ExportText.SortNotSupported(['Merchant', 'Amount', 'Payout Date', 'Statement']),
      );
    }
  });

  it("applies the grid's merchant and its own column filters", async () => {
    const copperOnly = await exportCsv(demo.admin, { merchant_id: copper, columns: ['merchant_name'] });
    expect(copperOnly.rows).toHaveLength(1 + copperPayouts);
    expect(new Set(copperOnly.rows.slice(1)).size).toBe(1);

    const { rows } = await exportCsv(demo.owner, {
      columns: ['processor', 'status', 'amount'],
      filters: {
        processor: { filterType: 'set', values: ['epx'] },
        status: { filterType: 'set', values: ['held'] },
        amount: { filterType: 'number', min: 1000, max: 1000.99 },
      },
    });
    expect(rows[0]).toBe('Processor,Status,Amount');
    // EPX is every third payout from n = 1 (n % 3 = 1), held every fourth (n % 4 = 0), positive
    // unless n % 10 = 0, $1,000.00 to $1,000.99 for n below 100: n = 4, 16, 28, 52, 64, 76, 88.
    expect(rows.slice(1)).toEqual(
      [4, 16, 28, 52, 64, 76, 88].map((n) => `EPX,Held,"$1,000.${String(n).padStart(2, '0')}"`),
    );
  });

  it('is refused for a merchant whose payouts the requester does not hold', async () => {
    const res = await callAs(ctx.app, demo.healnow, 'POST', '/api/exports/payouts', body());
    expect(res.statusCode).toBe(403);
  });

  it('refuses a column the grid does not have', async () => {
    const res = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      '/api/exports/payouts',
      body({ columns: ['amount', 'transaction_details'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ExportText.UnknownColumn);
  });

  it('refuses the download once the requester no longer reaches the merchant', async () => {
    const { id } = await exportCsv(demo.reseller, { merchant_id: undefined, columns: ['amount'] });
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
