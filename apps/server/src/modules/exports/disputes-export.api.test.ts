import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { disputesResponse } from '@portico/contracts/disputes/disputes';
import { ExportText } from '@portico/contracts/exports/exports';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { exportedCsv } from '../../../test/exports';
import { memberships } from '../../db/schema/access';
import { users } from '../../db/schema/users';

// The Disputes grid's server-side export: every dispute the grid's filters match (not only the
// grid's newest), newest first, with the grid's columns and values, for those who hold Disputes on the
// merchants, and downloaded only while they still do.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let dataDir = '';
let harbor = '';
const zone = 'America/New_York';
// More than one page of the export's reads (1,000 a page), some opened at the same instant.
const disputeCount = 1_005;

function body(overrides: object = {}) {
  return {
    merchant_id: harbor,
    format: 'csv',
    params: {},
    columns: ['status', 'merchant', 'amount', 'days_left', 'category', 'card', 'customer', 'opened_at'],
    time_zone: zone,
    ...overrides,
  };
}

function exportCsv(email: string, overrides: object = {}) {
  return exportedCsv(ctx.app, email, 'disputes', body(overrides));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-dispute-exports-'));
  ctx = await buildTestApp({ dataDir }, { demoAccounts: true });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  // Card sales of Harbor Lane and a dispute on each: every third opened at the same instant as the
  // one before (the id orders them), times to the microsecond, every fifth decided.
  await ctx.app.db.execute(sql`
    with sales as (
      insert into transactions (client_id, type, action, action_mode, amount_cents, fee_cents, payment_status,
        request_status, status, processor, payment_method, card_brand, last4, token, customer_first_name,
        customer_last_name, settlement_date, created_at)
      select ${harbor}::uuid, 'card', 'sale', 'charge', 1000 + n, 30, true, true, 'Approved', 'fis', 'card',
             'VISA', lpad((n % 10000)::text, 4, '0'), 'VISA-' || n, 'Pat', 'Customer ' || n,
             (now() - make_interval(days => 5))::date,
             now() - make_interval(days => 5, secs => n - (n % 3) * 1 + 0.000001 * (n % 7))
        from generate_series(1, ${disputeCount}::int) as n
      returning id, client_id, created_at, amount_cents, card_brand, last4, customer_first_name, customer_last_name
    )
    insert into disputes (client_id, transaction_id, transaction_created_at, processor_case_id, status, category,
      reason_code, amount_cents, card_brand, last4, customer_name, opened_at, respond_by, decided_at)
    select client_id, id, created_at, 'export-case-' || id,
           (case when amount_cents % 5 = 0 then 'won' else 'needs_response' end)::dispute_status,
           'fraud', '10.4', amount_cents, card_brand, last4, customer_first_name || ' ' || customer_last_name,
           date_trunc('second', created_at) + interval '1 day', now() + interval '9 days 1 hour',
           case when amount_cents % 5 = 0 then now() end
      from sales`);
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an export of the Disputes grid', () => {
  it("writes every dispute newest first, with the grid's values, past the grid's page of reads", async () => {
    const { rows } = await exportCsv(demo.owner);
    expect(rows[0]).toBe(`Status,Merchant,Amount,Days left to respond,Reason,Card,Customer,Opened (${zone})`);
    expect(rows).toHaveLength(disputeCount + 1);
    const grid = disputesResponse.parse(
      (await callAs(ctx.app, demo.owner, 'GET', '/api/disputes')).json(),
    ).message;
    expect(grid).toHaveLength(disputeCount);
    // The same disputes in the same order: each row's amount and customer name it.
    expect(rows.slice(1).map((row) => row.split(',').slice(2, 3)[0])).toEqual(
      grid.map((row) => `-$${(-Number(row.amount)).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`),
    );
    expect(rows.slice(1).map((row) => row.split(',')[6])).toEqual(grid.map((row) => row.customer));
    const open = rows.find((row) => row.startsWith('Needs response,'));
    expect(open).toMatch(
      /^Needs response,Harbor Lane[^,]*,-\$\d+\.\d{2},10,Fraud[^,]*,VISA ending in \d{4},/,
    );
    const decided = rows.find((row) => row.startsWith('Won,'));
    expect(decided?.split(',')[3]).toBe('');
  });

  it('writes them in the grid’s sort where the database can sort by its columns, and says which it can', async () => {
    const centsOf = (text: string) => Math.round(Number(text.replace(/[$,"]/g, '')) * 100);
    const { rows } = await exportCsv(demo.owner, {
      columns: ['amount', 'customer'],
      sort_model: [{ colId: 'amount', sort: 'asc' }],
    });
    const amounts = rows.slice(1).map((row) => centsOf(row.slice(0, row.lastIndexOf(','))));
    expect(amounts).toHaveLength(disputeCount);
    // Signed as the grid shows them: the largest dispute (the most negative) first, across the pages.
    expect(amounts[0]).toBe(-(1000 + disputeCount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const byStatus = await callAs(ctx.app, demo.owner, 'POST', '/api/exports/disputes', {
      ...body(),
      sort_model: [{ colId: 'status', sort: 'asc' }],
    });
    expect(byStatus.statusCode).toBe(422);
    expect(byStatus.json().error.message).toBe(
      ExportText.SortNotSupported(['Merchant', 'Amount', 'Respond by', 'Customer', 'Opened']),
    );
  });

  it("applies the grid's status and its own column filters", async () => {
    const { rows } = await exportCsv(demo.owner, {
      params: { status: 'won' },
      columns: ['status', 'amount'],
      filters: { amount: { filterType: 'number', min: -10.5, max: -10 } },
    });
    // Won: amounts whose cents end in 0 or 5; between -$10.50 and -$10.00: 1005 to 1050 cents (the
    // sales start at 1001 cents).
    expect(rows[0]).toBe('Status,Amount');
    expect(rows.slice(1).every((row) => /^Won,-\$10\.[0-5][05]$/.test(row))).toBe(true);
    expect(rows).toHaveLength(1 + 10);
  });

  it('is refused for a merchant whose disputes the requester does not hold', async () => {
    const res = await callAs(ctx.app, demo.healnow, 'POST', '/api/exports/disputes', body());
    expect(res.statusCode).toBe(403);
  });

  it('refuses a column the grid does not have', async () => {
    const res = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      '/api/exports/disputes',
      body({ columns: ['net_amount'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ExportText.UnknownColumn);
  });

  it('refuses the download once the requester no longer reaches the merchant', async () => {
    const { id } = await exportCsv(demo.reseller, { columns: ['status'] });
    const [reseller] = await ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demo.reseller));
    await ctx.app.db.delete(memberships).where(and(eq(memberships.userId, reseller?.id ?? '')));
    const res = await callAs(ctx.app, demo.reseller, 'GET', `/api/exports/${id}/download`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ExportText.AccessLost);
  });
});
