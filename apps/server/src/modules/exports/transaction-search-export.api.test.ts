import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ExportText } from '@portico/contracts/exports/exports';
import { transactionStateTextOf } from '@portico/contracts/transactions/report-export-columns';
import { type SearchRow, searchResponse, searchWindowOfDays } from '@portico/contracts/transactions/search';
import { moneyFactsOfTransaction } from '@portico/contracts/transactions/transaction';
import { transactionTypeLabels } from '@portico/contracts/transactions/transaction-labels';
import { signedAmountCents } from '@portico/contracts/transactions/undo-state';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { exportedCsv } from '../../../test/exports';
import { buildCardPayment } from '../../../test/factories';
import { memberships } from '../../db/schema/access';
import { users } from '../../db/schema/users';
import { queryRows } from '../../db/sql-rows';

// The Transaction Search grid's server-side export: every transaction the search's criteria match,
// with the search's access, in its order and with the grid's values, past the 10,000 rows one search
// answers; downloaded only while the requester still reaches the rows.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let dataDir = '';
let harbor = '';
let copper = '';
const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString().slice(0, 10);
const window = () => searchWindowOfDays(daysAgo(10), daysAgo(0));
// More than one page of the export's reads (1,000 a page), two payments a minute (their id orders
// them, one pair across the pages' edge), and a few voids and refunds.
const harborPayments = 1_040;
// More than one search answers (10,000).
const copperPayments = 10_005;
const allColumns = [
  'date_time',
  'merchant',
  'amount',
  'status',
  'customer',
  'transaction_type',
  'payment_type',
  'account',
  'id',
];

function body(criteria: object = {}, overrides: object = {}) {
  return {
    merchant_id: harbor,
    format: 'csv',
    params: { ...window(), ...criteria },
    columns: allColumns,
    time_zone: 'UTC',
    ...overrides,
  };
}

function exportCsv(email: string, criteria: object = {}, overrides: object = {}) {
  return exportedCsv(ctx.app, email, 'transaction-search', body(criteria, overrides));
}

function ask(email: string, criteria: object = {}, overrides: object = {}) {
  return callAs(ctx.app, email, 'POST', '/api/exports/transaction-search', body(criteria, overrides));
}

async function searchRows(email: string, criteria: object = {}, merchantId: string | undefined = harbor) {
  const res = await callAs(ctx.app, email, 'POST', '/api/v1/report/search', {
    ...window(),
    ...(merchantId ? { merchant_id: merchantId } : {}),
    ...criteria,
  });
  expect(res.statusCode, res.body).toBe(200);
  return searchResponse.parse(res.json()).message.value;
}

const moneyText = (cents: number) => {
  const whole = Math.floor(Math.abs(cents) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
};

// A CSV field: quoted when it holds a comma or a quote.
const csvField = (text: string) => (/[",]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

// A search row as the grid shows it, written as the export writes it (times in UTC).
const lineOf = (row: SearchRow) => {
  const transaction = row.transaction_details;
  return [
    `${row.date_time.slice(0, 10)} ${row.date_time.slice(11, 19)}`,
    transaction.client?.merchant.name ?? '',
    moneyText(signedAmountCents(moneyFactsOfTransaction(transaction), transaction.type)),
    transactionStateTextOf(transaction),
    row.customer,
    transactionTypeLabels[row.transaction_type],
    row.payment_type,
    row.account,
    row.id,
  ]
    .map(csvField)
    .join(',');
};

const base = () => new Date(Date.now() - 3 * dayMs);

// n = 1 is the newest; n and n + 1 (n odd) share their minute, so with the three undoes on top, the
// pair 997 and 998 sits across the edge of the export's first page.
async function seedPayments(clientId: string, count: number) {
  await ctx.app.db.execute(sql`
    insert into transactions (client_id, type, action, action_mode, amount_cents, fee_cents, payment_status,
        request_status, status, processor, payment_method, card_brand, last4, token, customer_first_name,
        customer_last_name, customer_email, created_at)
    select ${clientId}::uuid, 'card', 'sale', 'charge', 1000 + n, 320, n % 13 <> 0, true,
        case when n % 11 = 0 then 'Declined' else 'Approved' end, 'fis',
        case when n % 6 = 0 then 'check' else 'card' end,
        case when n % 6 = 0 then null else 'VISA' end,
        (4200 + n % 50)::text,
        case when n % 6 = 0 then 'BANK-' || (4200 + n % 50) else 'VISA-' || (4200 + n % 50) || '-12-2030' end,
        case when n % 9 = 0 then null else 'Pat' || (n % 7) end,
        case when n % 9 = 0 then null when n % 5 = 0 then 'Lovelace' else 'Lee' end,
        'pat' || n || '@example.com',
        ${base().toISOString()}::timestamptz - ((n + 1) / 2) * interval '1 minute'
      from generate_series(1, ${count}::int) as n`);
}

async function paymentIdOf(email: string): Promise<{ id: string; amountCents: number }> {
  const [row] = await queryRows(
    ctx.app.db,
    sql`select id::text as id, amount_cents::int as cents from transactions where customer_email = ${email}
      and client_id = ${harbor}::uuid`,
  );
  const parsed = z.object({ id: z.string(), cents: z.number() }).parse(row);
  return { id: parsed.id, amountCents: parsed.cents };
}

async function undo(email: string, type: 'refund' | 'void', amountCents?: number) {
  const original = await paymentIdOf(email);
  await buildCardPayment(ctx.app.db, {
    clientId: harbor,
    createdAt: new Date(base().getTime() + 60_000),
    type,
    action: type,
    actionMode: type,
    amountCents: amountCents ?? original.amountCents,
    originalTransactionId: original.id,
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-search-exports-'));
  ctx = await buildTestApp({ dataDir }, { demoAccounts: true });
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
  await seedPayments(harbor, harborPayments);
  await seedPayments(copper, copperPayments);
  await undo('pat3@example.com', 'refund');
  await undo('pat10@example.com', 'refund', 200);
  await undo('pat1001@example.com', 'void');
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an export of the Transaction Search grid', () => {
  it("writes every row of the search's answer, in its order and with the grid's values, past a page of reads", async () => {
    const { rows } = await exportCsv(demo.owner);
    expect(rows[0]).toBe(
      'Date/Time (UTC),Merchant,Amount,Status,Customer,Transaction Type,Payment Type,Account,Transaction ID',
    );
    const answer = await searchRows(demo.owner);
    expect(answer).toHaveLength(harborPayments + 3);
    expect(rows.slice(1)).toEqual(answer.map(lineOf));
    // What the grid shows: the undone rows' states, a void's negative amount, ACH and the e-mail.
    const statuses = new Set(rows.map((row) => row.split(',')[3]));
    for (const state of ['Refunded', 'Partially refunded', 'Voided', 'Declined']) {
      expect(statuses).toContain(state);
    }
    expect(rows.some((row) => /,-\$20\.01,Approved,,Void,VISA,1111,/.test(row))).toBe(true);
    expect(rows.some((row) => /,\$20\.01,Voided,Pat0 Lee,Card sale,VISA,4201,/.test(row))).toBe(true);
    expect(rows.some((row) => /,\$10\.18,Approved,pat18@example\.com,Card sale,ACH,4218,/.test(row))).toBe(
      true,
    );
  });

  it('applies the amount, card and customer criteria as the search does', async () => {
    const criteria = {
      customer_last_name: 'love',
      amount_min: '10.20',
      amount_max: '18.00',
      payment_type: 'card',
    };
    const { rows } = await exportCsv(demo.owner, criteria);
    const answer = await searchRows(demo.owner, criteria);
    // Lovelace is every fifth n but the ninth; cards all but every sixth; $10.20 to $18.00 is n = 20 to 800.
    const expected = Array.from({ length: 781 }, (_, i) => i + 20).filter(
      (n) => n % 5 === 0 && n % 9 !== 0 && n % 6 !== 0,
    );
    expect(answer).toHaveLength(expected.length);
    expect(rows.slice(1)).toEqual(answer.map(lineOf));

    const byAccount = await exportCsv(demo.owner, { account: '4242' }, { columns: ['account', 'id'] });
    // The last 4 digits 4242 are n = 42, 92 ... 992.
    expect(byAccount.rows.slice(1)).toEqual(
      (await searchRows(demo.owner, { account: '4242' })).map((row) => `4242,${row.id}`),
    );
    expect(byAccount.rows).toHaveLength(1 + 20);
  });

  it('writes every row a search matches, beyond the 10,000 one search answers', async () => {
    const refused = await callAs(ctx.app, demo.copperOwner, 'POST', '/api/v1/report/search', {
      ...window(),
      merchant_id: copper,
    });
    expect(refused.statusCode).toBe(422);
    const { rows } = await exportCsv(demo.copperOwner, {}, { merchant_id: copper, columns: ['id'] });
    const ids = await queryRows(
      ctx.app.db,
      sql`select id::text as id from transactions where client_id = ${copper}::uuid
        order by created_at desc, id desc`,
    );
    expect(rows.slice(1)).toEqual(ids.map((row) => z.object({ id: z.string() }).parse(row).id));
    expect(rows).toHaveLength(1 + copperPayments);
  });

  it("is refused for a merchant outside the requester's reach, or a location outside it", async () => {
    expect((await ask(demo.owner, {}, { merchant_id: copper })).statusCode).toBe(403);
    const location = await ask(demo.owner, { 'location_ids.0': '00000000-0000-4000-8000-000000000001' });
    expect(location.statusCode).toBe(403);
  });

  it('refuses a column the grid does not have, a window the search refuses and another order', async () => {
    const fee = await ask(demo.owner, {}, { columns: ['amount', 'fee'] });
    expect(fee.statusCode).toBe(400);
    expect(fee.json().error.message).toBe(ExportText.UnknownColumn);
    const unknownCriterion = await ask(demo.owner, { colour: 'red' });
    expect(unknownCriterion.statusCode).toBe(400);
    const tooLong = await ask(demo.owner, searchWindowOfDays(daysAgo(100), daysAgo(0)));
    expect(tooLong.statusCode).toBe(422);
    const byAmount = await ask(demo.owner, {}, { sort_model: [{ colId: 'amount', sort: 'desc' }] });
    expect(byAmount.statusCode).toBe(422);
    expect(byAmount.json().error.message).toBe(ExportText.SortNotSupported(['Date/Time']));
    const newestFirst = await ask(demo.owner, {}, { sort_model: [{ colId: 'date_time', sort: 'desc' }] });
    expect(newestFirst.statusCode, newestFirst.body).toBe(200);
  });

  it('refuses the download once the requester no longer reaches the merchant', async () => {
    const { id, rows } = await exportCsv(
      demo.reseller,
      { customer_last_name: 'Lovelace' },
      { merchant_id: undefined, columns: ['id'] },
    );
    expect(rows.length).toBeGreaterThan(1);
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
