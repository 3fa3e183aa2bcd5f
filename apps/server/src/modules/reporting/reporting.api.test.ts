import http from 'node:http';
import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import { grossAmountCentsOfTransaction, isFailedPayment } from '@portico/contracts/transactions/gross-net';
import {
  type ReportRow,
  reportPageResponse,
  reportRowSchema,
  reportStreamContentType,
  reportTransactionResponse,
} from '@portico/contracts/transactions/report';
import {
  searchResponse,
  searchTotalsItemOfRow,
  searchWindowOfDays,
} from '@portico/contracts/transactions/search';
import { searchTotals } from '@portico/contracts/transactions/search-totals';
import { statsResponse } from '@portico/contracts/transactions/stats';
import { centsOfMoneyText, moneyFactsOfTransaction } from '@portico/contracts/transactions/transaction';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo, demoDomains } from '../../../test/demo-data';
import { buildClient } from '../../../test/factories';
import type { ReportAccess } from '../../access/report-access';
import { seedDemoData } from '../../db/seed/seed-demo-data';
import { queryRows } from '../../db/sql-rows';
import { grossCentsSql } from './gross-sql';
import {
  reportJsonFallback,
  reportJsonMaxRows,
  reportNdjsonChunks,
  searchMaxDays,
} from './reporting.service';

// Transaction reporting: GET /api/v1/report (paged, Load All as NDJSON, JSON fallback),
// POST /api/v1/report/search and GET /api/stats, on the demo data set (3,000 transactions around
// today, so the dashboard's windows hold data).

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const clientIdByName = new Map<string, string>();

function clientId(name: string): string {
  const id = clientIdByName.get(name);
  if (!id) throw new Error(`No demo client ${name}`);
  return id;
}

const harborLane = () => clientId('Harbor Lane Coffee Roasters');
const copperKettle = () => clientId('Copper Kettle Bistro');
const summit = () => clientId('Summit Merchant Services');

const dayMs = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString().slice(0, 10);
// A wide window (UTC days) holding every seeded transaction.
const wideWindow = () => `start=${daysAgo(400)}&end=${today()}`;

async function get(email: string, url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { cookie: await sessionCookieFor(ctx.app.db, email), ...headers },
  });
}

async function search(email: string, payload: object) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/report/search',
    headers: { cookie: await sessionCookieFor(ctx.app.db, email) },
    payload,
  });
}

async function page(email: string, query: string) {
  const res = await get(email, `/api/v1/report?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return reportPageResponse.parse(res.json());
}

// Every row of a window, paged through with the largest page size.
async function allPages(email: string, query: string): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for (let p = 0; ; p++) {
    const answer = await page(email, `${query}&page=${p}&size=1000`);
    rows.push(...answer.message);
    if (answer.message.length < 1000) return rows;
  }
}

function ndjsonRows(body: string): ReportRow[] {
  const lines = body.split('\n');
  expect(lines.at(-1), 'the stream ends with a newline').toBe('');
  return lines.slice(0, -1).map((line) => reportRowSchema.parse(JSON.parse(line)));
}

const count = async (query: ReturnType<typeof sql>) =>
  z.coerce.number().parse((await queryRows(ctx.app.db, query))[0]?.n);

beforeAll(async () => {
  ctx = await buildTestApp();
  await seedDemoData(
    ctx.database,
    {
      transactions: 3_000,
      ...demoDomains,
      encrypt: (plaintext, column) => `test.${column}.${Buffer.from(plaintext).toString('base64')}`,
    },
    { info: () => {} },
  );
  for (const row of await queryRows(ctx.app.db, sql`select id::text as id, name from clients`)) {
    clientIdByName.set(String(row.name), String(row.id));
  }
});
afterAll(() => ctx.close());

describe('GET /api/v1/report, paged', () => {
  it('answers zero-based pages of [created time, transaction, DBA, parent], newest first, with the total', async () => {
    const expected = await count(
      sql`select count(*) as n from transactions where client_id = ${harborLane()}::uuid`,
    );
    expect(expected).toBeGreaterThan(60);
    const first = await page(demo.owner, `${wideWindow()}&page=0&size=25`);
    const second = await page(demo.owner, `${wideWindow()}&page=1&size=25`);
    expect(first.total).toBe(expected);
    expect(first.message).toHaveLength(25);
    expect(second.message).toHaveLength(25);
    const times = [...first.message, ...second.message].map((row) => row[0]);
    expect(times).toEqual([...times].sort().reverse());
    const ids = new Set([...first.message, ...second.message].map((row) => row[1].id));
    expect(ids.size).toBe(50);
    const [newest] = first.message;
    expect(newest?.[0]).toBe(newest?.[1].created_at);
    expect(newest?.[1].client_id).toBe(harborLane());
    expect(newest?.[2]).toBe('Harbor Lane Coffee Roasters');
    expect(newest?.[3]).toBe('Summit Merchant Services');
    // Page 0 is the newest transaction of the merchant.
    const [newestInDb] = await queryRows(
      ctx.app.db,
      sql`select id::text as id from transactions where client_id = ${harborLane()}::uuid
        order by created_at desc, id desc limit 1`,
    );
    expect(newest?.[1].id).toBe(newestInDb?.id);
    // The last page holds the remainder.
    const lastPage = Math.ceil(expected / 25) - 1;
    const last = await page(demo.owner, `${wideWindow()}&page=${lastPage}&size=25`);
    expect(last.message).toHaveLength(expected - lastPage * 25);
  });

  it('applies the page size rule: zero or less is 250, other sizes than the options are refused', async () => {
    expect((await page(demo.admin, `${wideWindow()}&size=0`)).message).toHaveLength(250);
    expect((await page(demo.admin, `${wideWindow()}&size=-3`)).message).toHaveLength(250);
    expect((await page(demo.admin, `${wideWindow()}`)).message).toHaveLength(250);
    const refused = await get(demo.admin, `/api/v1/report?${wideWindow()}&size=7`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([
      { path: 'querystring.size', message: 'Page size must be one of 25, 50, 100, 250, 500, 1000' },
    ]);
  });

  it('covers the window [start_at, end_at) when the browser sends its instants', async () => {
    const startAt = new Date(Date.now() - 10 * dayMs);
    const endAt = new Date(Date.now() - 3 * dayMs);
    const answer = await page(
      demo.admin,
      `start=${daysAgo(10)}&end=${daysAgo(3)}&start_at=${startAt.toISOString()}&end_at=${endAt.toISOString()}&size=1000`,
    );
    const expected = await count(
      sql`select count(*) as n from transactions
        where created_at >= ${startAt.toISOString()}::timestamptz and created_at < ${endAt.toISOString()}::timestamptz`,
    );
    expect(answer.total).toBe(expected);
    for (const row of answer.message) {
      expect(Date.parse(row[0])).toBeGreaterThanOrEqual(startAt.getTime() - 1);
      expect(Date.parse(row[0])).toBeLessThan(endAt.getTime());
    }
  });

  it('refuses a start after the end (400), paged or streamed', async () => {
    for (const extra of ['', '&is_portal_request=true']) {
      const res = await get(demo.owner, `/api/v1/report?start=2025-02-02&end=2025-01-01${extra}`, {
        accept: reportStreamContentType,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues).toEqual([
        { path: 'querystring.end', message: 'Start date must be on or before end date' },
      ]);
    }
  });

  it("gives a merchant user its own merchant, and refuses another merchant's (403)", async () => {
    const own = await allPages(demo.owner, wideWindow());
    expect(new Set(own.map((row) => row[1].client_id))).toEqual(new Set([harborLane()]));
    const foreign = await get(demo.copperOwner, `/api/v1/report?${wideWindow()}&id=${harborLane()}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('You do not have access to this merchant');
    const copper = await page(demo.copperOwner, wideWindow());
    expect(new Set(copper.message.map((row) => row[1].client_id))).toEqual(new Set([copperKettle()]));
  });

  it('gives a parent its whole hierarchy, and one of its merchants when it names it', async () => {
    const below = await queryRows(
      ctx.app.db,
      sql`select id::text as id from clients where parent_id = ${summit()}::uuid or id = ${summit()}::uuid`,
    );
    const hierarchy = new Set(below.map((row) => String(row.id)));
    const expected = await count(
      sql`select count(*) as n from transactions t join clients c on c.id = t.client_id
        where c.parent_id = ${summit()}::uuid or c.id = ${summit()}::uuid`,
    );
    const rows = await allPages(demo.reseller, wideWindow());
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((row) => row[1].client_id)).size).toBeGreaterThan(1);
    for (const row of rows) expect(hierarchy.has(row[1].client_id)).toBe(true);
    const named = await page(demo.reseller, `${wideWindow()}&id=${harborLane()}&size=1000`);
    expect(new Set(named.message.map((row) => row[1].client_id))).toEqual(new Set([harborLane()]));
  });

  it('gives staff every merchant, and narrows to the viewed client while viewing as one', async () => {
    const everything = await page(demo.admin, wideWindow());
    expect(everything.total).toBe(await count(sql`select count(*) as n from transactions`));
    const viewing = await page(
      demo.admin,
      `${wideWindow()}&size=1000&${VIEW_AS_QUERY_PARAM}=${harborLane()}`,
    );
    expect(new Set(viewing.message.map((row) => row[1].client_id))).toEqual(new Set([harborLane()]));
  });

  it('is for admin, user and parent only', async () => {
    expect((await get(demo.healnow, `/api/v1/report?${wideWindow()}`)).statusCode).toBe(403);
    expect((await get(demo.alpha, `/api/v1/report?${wideWindow()}`)).statusCode).toBe(403);
  });

  it("shows Fee and Surcharge only with 'Reports - Advanced Fields' on the row's merchant", async () => {
    const owner = await page(demo.owner, `${wideWindow()}&size=100`);
    const barista = await page(demo.barista, `${wideWindow()}&size=100`);
    // The barista is tied to one location, so sees fewer rows, none with the fields.
    expect(barista.message.length).toBeGreaterThan(0);
    for (const row of owner.message) {
      expect(row[1].fee).toMatch(/^\d+\.\d{2}$/);
      expect(row[1].surcharge).toMatch(/^\d+\.\d{2}$/);
    }
    for (const row of barista.message) {
      expect(row[1]).not.toHaveProperty('fee');
      expect(row[1]).not.toHaveProperty('surcharge');
    }
    // The stream and the search leave them out the same way.
    const streamed = await get(demo.barista, `/api/v1/report?${wideWindow()}&is_portal_request=true`, {
      accept: reportStreamContentType,
    });
    for (const row of ndjsonRows(streamed.body)) expect(row[1]).not.toHaveProperty('fee');
    const found = searchResponse.parse(
      (await search(demo.barista, searchWindowOfDays(daysAgo(60), today()))).json(),
    );
    expect(found.message.value.length).toBeGreaterThan(0);
    for (const row of found.message.value) expect(row.transaction_details).not.toHaveProperty('fee');
  });

  it('filters by a meta field with search=field=value', async () => {
    const [location] = await queryRows(
      ctx.app.db,
      sql`select meta -> 'customFields' ->> 'Clinic Location' as value, count(*)::int as n from transactions
        where meta -> 'customFields' ->> 'Clinic Location' is not null group by 1 order by 2 desc limit 1`,
    );
    const value = String(location?.value);
    const rows = await allPages(
      demo.admin,
      `${wideWindow()}&search=${encodeURIComponent(`Clinic Location=${value}`)}`,
    );
    expect(rows).toHaveLength(Number(location?.n));
    for (const row of rows) {
      expect(row[1].data.api_response?.meta?.customFields?.['Clinic Location']).toBe(value);
    }
  });
});

describe('GET /api/v1/report, Load All', () => {
  it('streams one row array per line, the same rows in the same order as the pages', async () => {
    const res = await get(demo.reseller, `/api/v1/report?${wideWindow()}&is_portal_request=true`, {
      accept: reportStreamContentType,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(reportStreamContentType);
    expect(res.headers['x-request-id']).toBeTruthy();
    const streamed = ndjsonRows(res.body);
    const paged = await allPages(demo.reseller, wideWindow());
    expect(streamed.length).toBeGreaterThan(1000);
    expect(streamed).toEqual(paged);
  });

  it('answers one JSON document when the browser does not accept NDJSON', async () => {
    const res = await get(demo.reseller, `/api/v1/report?${wideWindow()}&is_portal_request=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const answer = reportPageResponse.parse(res.json());
    const paged = await allPages(demo.reseller, wideWindow());
    expect(answer.message).toEqual(paged);
    expect(answer.total).toBe(paged.length);
  });

  it('streams nothing for a window without transactions', async () => {
    const res = await get(
      demo.owner,
      '/api/v1/report?start=2001-01-01&end=2001-01-31&is_portal_request=true',
      {
        accept: reportStreamContentType,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('keeps the JSON fallback within its documented maximum', () => {
    expect(reportJsonMaxRows).toBe(100_000);
  });

  it('stops reading when the browser goes away, and the server keeps answering', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const cookie = await sessionCookieFor(ctx.app.db, demo.admin);
    const received = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        `http://127.0.0.1:${address.port}/api/v1/report?${wideWindow()}&is_portal_request=true`,
        { headers: { cookie, accept: reportStreamContentType } },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            // Cancel after the first batch, as the browser's Cancel does.
            request.destroy();
            resolve(chunk.length);
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
    });
    expect(received).toBeGreaterThan(0);
    const started = Date.now();
    const next = await page(demo.owner, `${wideWindow()}&size=25`);
    expect(next.message).toHaveLength(25);
    expect(Date.now() - started).toBeLessThan(5_000);
    const pool = ctx.database.pool;
    if (pool) {
      // PostgreSQL: the cursor's client went back to the pool.
      await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5_000 }).toBe(0);
    }
  });
});

describe('POST /api/v1/report/search', () => {
  it('answers message.value rows whose totals leave out failed and declined items', async () => {
    const window = searchWindowOfDays(daysAgo(90), today());
    const res = await search(demo.admin, window);
    expect(res.statusCode, res.body).toBe(200);
    const rows = searchResponse.parse(res.json()).message.value;
    const expectedRows = await count(
      sql`select count(*) as n from transactions
        where created_at >= ${window.start_date}::timestamptz and created_at <= ${window.end_date}::timestamptz`,
    );
    expect(rows).toHaveLength(expectedRows);
    expect(rows.some((row) => row.status === 'Declined')).toBe(true);
    expect(rows.some((row) => row.transaction_details.payment_status === false)).toBe(true);
    const totals = searchTotals(rows.map(searchTotalsItemOfRow));
    // The gross rule in SQL (gross-sql.ts), over the items the search counts.
    const [expected] = await queryRows(
      ctx.app.db,
      sql`select count(*)::int as n, coalesce(sum(${sql.raw(grossCentsSql('t'))}), 0)::bigint::text as total
        from transactions t
        where created_at >= ${window.start_date}::timestamptz and created_at <= ${window.end_date}::timestamptz
          and payment_status is distinct from false and lower(coalesce(status, '')) not in ('declined', 'failed')`,
    );
    expect(totals.count).toBe(Number(expected?.n));
    expect(totals.grossCents).toBe(Number(expected?.total));
    expect(totals.count).toBeLessThan(rows.length);
  });

  it('applies each criterion that is present', async () => {
    const window = searchWindowOfDays(daysAgo(90), today());
    const [sample] = await queryRows(
      ctx.app.db,
      sql`select id::text as id, last4, customer_email, type::text as type from transactions
        where client_id = ${harborLane()}::uuid and last4 is not null and customer_email is not null
          and created_at >= ${window.start_date}::timestamptz
        order by created_at desc limit 1`,
    );
    const byAccount = searchResponse.parse(
      (await search(demo.owner, { ...window, account: sample?.last4 })).json(),
    ).message.value;
    expect(byAccount.length).toBeGreaterThan(0);
    for (const row of byAccount) expect(row.account).toBe(sample?.last4);
    const byEmail = searchResponse.parse(
      (
        await search(demo.owner, { ...window, customer_email: String(sample?.customer_email).toUpperCase() })
      ).json(),
    ).message.value;
    expect(byEmail.map((row) => row.id)).toContain(sample?.id);
    for (const row of byEmail)
      expect(row.transaction_details.data.api_response?.meta?.email).toBe(sample?.customer_email);
    const byId = searchResponse.parse(
      (
        await search(demo.owner, { ...window, transaction_id: sample?.id, transaction_type: sample?.type })
      ).json(),
    ).message.value;
    expect(byId.map((row) => row.id)).toEqual([sample?.id]);
  });

  it('keeps dates required and ordered, and the window within the limit', async () => {
    expect((await search(demo.owner, { end_date: '2025-01-01T23:59:59.999Z' })).statusCode).toBe(400);
    const reversed = await search(demo.owner, searchWindowOfDays('2025-02-02', '2025-01-01'));
    expect(reversed.statusCode).toBe(400);
    const tooLong = await search(demo.owner, searchWindowOfDays(daysAgo(searchMaxDays + 1), today()));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().error).toEqual({
      code: 'SEARCH_WINDOW_TOO_LONG',
      message: `Search at most ${searchMaxDays} days at a time`,
    });
    expect(
      (await search(demo.owner, searchWindowOfDays(daysAgo(searchMaxDays - 1), today()))).statusCode,
    ).toBe(200);
  });

  it("refuses another merchant's id (403) and searches the caller's own without one", async () => {
    const window = searchWindowOfDays(daysAgo(60), today());
    expect((await search(demo.copperOwner, { ...window, merchant_id: harborLane() })).statusCode).toBe(403);
    const own = searchResponse.parse((await search(demo.copperOwner, window)).json()).message.value;
    for (const row of own) expect(row.transaction_details.client_id).toBe(copperKettle());
  });
});

describe('GET /api/stats', () => {
  // The caller's days as the browser sends them: [first instant of start, first instant after end).
  async function instantsOf(email: string, start: string, end: string) {
    const [row] = await queryRows(
      ctx.app.db,
      sql`select u.timezone,
          to_char((${start}::date)::timestamp at time zone u.timezone at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start_at,
          to_char(((${end}::date + 1)::timestamp at time zone u.timezone) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as end_at
        from users u where u.email = ${email}`,
    );
    return { startAt: String(row?.start_at), endAt: String(row?.end_at) };
  }

  it.each([
    ['a merchant user', demo.owner],
    ['a parent', demo.reseller],
    ['an admin', demo.admin],
  ])('as %s, equals the report over the same days (count without failed payments, gross)', async (_, email) => {
    const res = await get(email, '/api/stats');
    expect(res.statusCode, res.body).toBe(200);
    const stats = statsResponse.parse(res.json()).message;
    expect(stats.monthlyVolume).toHaveLength(12);
    for (const metrics of [...stats.last7, ...stats.last30]) {
      const { startAt, endAt } = await instantsOf(email, metrics.start, metrics.end);
      const rows = ndjsonRows(
        (
          await get(
            email,
            `/api/v1/report?start=${metrics.start}&end=${metrics.end}&start_at=${startAt}&end_at=${endAt}&is_portal_request=true`,
            { accept: reportStreamContentType },
          )
        ).body,
      );
      const transactions = rows.filter((row) => !isFailedPayment(row[1].payment_status));
      const gross = rows.reduce(
        (sum, row) => sum + grossAmountCentsOfTransaction(moneyFactsOfTransaction(row[1])),
        0,
      );
      expect(metrics.transactions).toBe(transactions.length);
      expect(centsOfMoneyText(metrics.total)).toBe(gross);
    }
    expect(stats.last30[0]?.transactions).toBeGreaterThan(0);
    expect(stats.last30[0]?.end).toBe(stats.last7[0]?.end);
  });

  it('sums the months with the gross rule, oldest first', async () => {
    const stats = statsResponse.parse((await get(demo.owner, '/api/stats')).json()).message;
    const months = stats.monthlyVolume.map((m) => m.month);
    expect(months).toEqual([...months].sort());
    const [tz] = await queryRows(ctx.app.db, sql`select timezone from users where email = ${demo.owner}`);
    const rows = await queryRows(
      ctx.app.db,
      sql`select to_char(created_at at time zone ${String(tz?.timezone)}, 'YYYY-MM') as month,
          sum(case
            when pro_pay_status in ('ACHInReturned', 'ACHInRejected') then -2500
            when payment_status is false then 0
            when action_mode in ('settle', 'debit', 'charge', 'apple_pay') then amount_cents
            when action_mode is null then 0
            else -amount_cents end)::bigint::text as gross
        from transactions where client_id = ${harborLane()}::uuid group by 1`,
    );
    const byMonth = new Map(rows.map((row) => [String(row.month), Number(row.gross)]));
    for (const month of stats.monthlyVolume) {
      expect(centsOfMoneyText(month.total), month.month).toBe(byMonth.get(month.month) ?? 0);
    }
  });

  it("refuses another merchant's id (403) and is not for alpha", async () => {
    expect((await get(demo.copperOwner, `/api/stats?id=${harborLane()}`)).statusCode).toBe(403);
    expect((await get(demo.alpha, '/api/stats')).statusCode).toBe(403);
    expect((await get(demo.healnow, '/api/stats')).statusCode).toBe(200);
  });
});

describe('rows written from unusual stored values', () => {
  it('keeps the contracts shape: exact text, only the known meta and location members, nulls where absent', async () => {
    const merchant = await buildClient(ctx.app.db);
    const at = new Date(Date.now() - 2 * dayMs);
    const when = `${at.toISOString().slice(0, 10)} 12:00:00.123456+00`;
    const original = '3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b';
    const oddStatus = 'He said "no"\u001f\\ back';
    await ctx.app.db.execute(sql`
      insert into transactions (client_id, type, action, action_mode, amount_cents, fee_cents, surcharge_cents,
        payment_status, request_status, status, card_brand, token, customer_first_name, meta, api_response,
        third_party_api_response, settlement_amount_cents, settlement_date, original_transaction_id, payment_method,
        created_at)
      values
        (${merchant.id}::uuid, 'charge', null, null, 10000, 320, 15, null, true, ${oddStatus}, 'VISA',
          'VISA-4242-12-2030', 'Ada',
          ${JSON.stringify({ firstName: 42, lastName: 'Lovelace', phone: '555', customFields: { 'Clinic Location': 'North', note: null } })}::jsonb,
          ${JSON.stringify({ token: 'ignored', sub_location: { name: 'Front', custom_fields: 'not-an-object', extra: 1 } })}::jsonb,
          '{"AUTH_MASKED_ACCOUNT_NBR": 12345}'::jsonb, 9680, '2025-07-16', ${original}::uuid, 'card', ${when}::timestamptz),
        (${merchant.id}::uuid, 'ach', 'debit', 'debit', 2500, 0, 0, false, true, null, null, null, null, null, null,
          '{"AUTH_MASKED_ACCOUNT_NBR": "XXXXXXXX1234"}'::jsonb, null, null, null, 'check',
          ${when}::timestamptz - interval '1 hour')`);
    const query = `start=${daysAgo(5)}&end=${today()}&id=${merchant.id}`;
    const paged = await page(demo.admin, query);
    const streamed = ndjsonRows(
      (
        await get(demo.admin, `/api/v1/report?${query}&is_portal_request=true`, {
          accept: reportStreamContentType,
        })
      ).body,
    );
    expect(streamed).toEqual(paged.message);
    const [card, ach] = paged.message;
    expect(card?.[0]).toBe(`${at.toISOString().slice(0, 10)}T12:00:00.123Z`);
    expect(card?.[1]).toMatchObject({
      amount: '100.00',
      fee: '3.20',
      surcharge: '0.15',
      status: oddStatus,
      action: null,
      action_mode: null,
      payment_status: null,
      settlement: { amount: '96.80', date: '2025-07-16' },
      client: { id: merchant.id, merchant: { name: merchant.name, parent_name: null } },
    });
    expect(card?.[1].data).toEqual({
      api_response: {
        token: 'VISA-4242-12-2030',
        meta: { lastName: 'Lovelace', customFields: { 'Clinic Location': 'North', note: null } },
        original_transaction_id: original,
        sub_location: { name: 'Front' },
      },
      third_party_api_response: null,
    });
    expect(card?.slice(2)).toEqual([null, null]);
    expect(ach?.[1]).toMatchObject({ payment_status: false, status: null, settlement: null });
    expect(ach?.[1].data).toEqual({
      api_response: {},
      third_party_api_response: { AUTH_MASKED_ACCOUNT_NBR: 'XXXXXXXX1234' },
    });
    const found = searchResponse.parse(
      (
        await search(demo.admin, { ...searchWindowOfDays(daysAgo(5), today()), merchant_id: merchant.id })
      ).json(),
    ).message.value;
    expect(found.map((row) => [row.customer, row.payment_type, row.account, row.status])).toEqual([
      ['Ada', 'VISA', '4242', oddStatus],
      ['', 'ACH', '1234', ''],
    ]);
  });

  it('answers 200 for the widest dates the schemas accept, never a server error', async () => {
    expect((await get(demo.owner, '/api/v1/report?start=0000-01-01&end=9999-12-31')).statusCode).toBe(200);
    const res = await search(demo.owner, searchWindowOfDays('9999-12-30', '9999-12-31'));
    expect(res.statusCode).toBe(200);
    expect(searchResponse.parse(res.json()).message.value).toEqual([]);
  });
});

// The rows carry what undid them (undone_by), so the browser can show Voided,
// Refunded or Partially refunded and link an original and its voids and refunds.
describe('undone_by: the voids and refunds of a transaction', () => {
  // What the database says undid each original of Harbor Lane: the undo types whose payment did not
  // fail, oldest first.
  async function undoesInDb() {
    const rows = await queryRows(
      ctx.app.db,
      sql`select original_transaction_id::text as original_id, id::text as id, type::text as type,
          amount_cents::bigint::text as amount
        from transactions
        where client_id = ${harborLane()}::uuid and original_transaction_id is not null
          and type in ('void', 'refund', 'ach_refund', 'credit', 'blind_refund', 'reversal')
          and payment_status is distinct from false
        order by created_at, id`,
    );
    const byOriginal = new Map<string, { id: string; type: string; cents: number }[]>();
    for (const row of rows) {
      const originalId = z.string().parse(row.original_id);
      const list = byOriginal.get(originalId) ?? [];
      list.push({
        id: z.string().parse(row.id),
        type: z.string().parse(row.type),
        cents: Number(row.amount),
      });
      byOriginal.set(originalId, list);
    }
    return byOriginal;
  }

  function undoneByOf(rows: readonly ReportRow[]) {
    const byOriginal = new Map<string, { id: string; type: string; cents: number }[]>();
    for (const [, transaction] of rows) {
      if (transaction.undone_by === undefined) continue;
      byOriginal.set(
        transaction.id,
        transaction.undone_by.map((undo) => ({
          id: undo.id,
          type: undo.type,
          cents: centsOfMoneyText(undo.amount),
        })),
      );
    }
    return byOriginal;
  }

  it('lists on each original of the paged report exactly the voids and refunds the database holds', async () => {
    const expected = await undoesInDb();
    expect(expected.size, 'the demo data holds voided and refunded sales').toBeGreaterThan(3);
    const rows = await allPages(demo.owner, wideWindow());
    const shown = undoneByOf(rows);
    // Every original in the window; the seed makes undoes after their originals, all inside it.
    const idsInWindow = new Set(rows.map((row) => row[1].id));
    const expectedInWindow = new Map([...expected].filter(([id]) => idsInWindow.has(id)));
    expect(expectedInWindow.size).toBe(expected.size);
    expect(shown).toEqual(expectedInWindow);
    // Each void or refund links back to its original.
    for (const [originalId, undoes] of shown) {
      for (const undo of undoes) {
        const undoRow = rows.find((row) => row[1].id === undo.id);
        expect(undoRow?.[1].data.api_response?.original_transaction_id).toBe(originalId);
      }
    }
  });

  it('gives Load All (NDJSON and the JSON fallback) and the search the same undone_by as the pages', async () => {
    const pagedRows = await allPages(demo.owner, wideWindow());
    const paged = undoneByOf(pagedRows);
    const streamed = await get(demo.owner, `/api/v1/report?${wideWindow()}&is_portal_request=true`, {
      accept: reportStreamContentType,
    });
    expect(streamed.statusCode).toBe(200);
    expect(undoneByOf(ndjsonRows(streamed.body))).toEqual(paged);
    const fallback = await get(demo.owner, `/api/v1/report?${wideWindow()}&is_portal_request=true`);
    expect(undoneByOf(reportPageResponse.parse(fallback.json()).message)).toEqual(paged);

    // The search covers at most searchMaxDays: a window from the day before the newest undone original
    // (its UTC day, whatever the owner's zone) onwards, since the seed spreads the undone sales over
    // the year and the last 90 days may hold none.
    const newestUndone = pagedRows
      .map(([, transaction]) => transaction)
      .filter((transaction) => transaction.undone_by !== undefined)
      .map((transaction) => Date.parse(transaction.created_at))
      .sort((a, b) => a - b)
      .at(-1);
    if (newestUndone === undefined) throw new Error('the demo data holds no undone sale');
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const windowStart = dayOf(newestUndone - dayMs);
    const windowEnd = dayOf(newestUndone + (searchMaxDays - 2) * dayMs);
    const window = searchWindowOfDays(windowStart, windowEnd < today() ? windowEnd : today());
    const res = await search(demo.owner, window);
    expect(res.statusCode, res.body).toBe(200);
    const searched = searchResponse.parse(res.json()).message.value;
    const searchedUndoneBy = new Map(
      searched.flatMap((row) =>
        row.transaction_details.undone_by === undefined
          ? []
          : [[row.id, row.transaction_details.undone_by.map((undo) => undo.id)] as const],
      ),
    );
    expect(searchedUndoneBy.size).toBeGreaterThan(0);
    for (const [id, undoIds] of searchedUndoneBy) {
      expect(paged.get(id)?.map((undo) => undo.id)).toEqual(undoIds);
    }
  });

  it('keeps every undone_by when a void or refund and its original come in different batches', async () => {
    // Each batch reads the undoes of its own rows: with batches of 7, a void or refund (newer, so
    // streamed first) lands in an earlier batch than its original, which must still list it.
    const smallBatch = 7;
    const access: ReportAccess = {
      scope: { kind: 'clients', clientIds: [harborLane()] },
      advanced: { kind: 'all' },
    };
    const window = {
      scope: access.scope,
      startAt: new Date(Date.parse(daysAgo(401))),
      endAt: new Date(Date.now() + dayMs),
    };
    const ndjson = async (batchSize: number) => {
      const chunks: Buffer[] = [];
      for await (const chunk of reportNdjsonChunks(ctx.database, access, window, batchSize)) {
        chunks.push(Buffer.from(chunk));
      }
      return Buffer.concat(chunks).toString('utf8');
    };
    const small = await ndjson(smallBatch);
    // The batch size changes how the rows are read, not one byte of the answer.
    expect(small).toBe(await ndjson(1000));
    const rows = ndjsonRows(small);
    const batchOf = new Map(
      rows.map(([, transaction], index) => [transaction.id, Math.floor(index / smallBatch)]),
    );
    const splitPairs = rows.flatMap(([, transaction]) =>
      (transaction.undone_by ?? []).filter((undo) => {
        const undoBatch = batchOf.get(undo.id);
        return undoBatch !== undefined && undoBatch !== batchOf.get(transaction.id);
      }),
    );
    expect(splitPairs.length, 'a void or refund in another batch than its original').toBeGreaterThan(0);
    expect(undoneByOf(rows)).toEqual(await undoesInDb());

    let fallback = '';
    for await (const part of await reportJsonFallback(ctx.database, access, window, smallBatch))
      fallback += part;
    expect(reportPageResponse.parse(JSON.parse(fallback)).message).toEqual(rows);
  });

  it("answers one row by id with GET /api/v1/report/transaction, within the caller's reach", async () => {
    const expected = await undoesInDb();
    const [originalId, undoes] = [...expected][0] ?? [];
    if (originalId === undefined || undoes === undefined) throw new Error('no undone transaction');
    const res = await get(demo.owner, `/api/v1/report/transaction?id=${originalId}`);
    expect(res.statusCode, res.body).toBe(200);
    const [, transaction, dbaName] = reportTransactionResponse.parse(res.json()).message;
    expect(transaction.id).toBe(originalId);
    expect(dbaName).toBe('Harbor Lane Coffee Roasters');
    expect(transaction.undone_by?.map((undo) => undo.id)).toEqual(undoes.map((undo) => undo.id));

    const undoId = undoes[0]?.id ?? '';
    const undo = await get(demo.owner, `/api/v1/report/transaction?id=${undoId}`);
    expect(undo.statusCode).toBe(200);
    const undoTransaction = reportTransactionResponse.parse(undo.json()).message[1];
    expect(undoTransaction.data.api_response?.original_transaction_id).toBe(originalId);
    expect(undoTransaction.undone_by).toBeUndefined();

    // Another merchant's user gets the answer of an unknown id.
    const foreign = await get(demo.copperOwner, `/api/v1/report/transaction?id=${originalId}`);
    expect(foreign.statusCode).toBe(404);
    const unknown = await get(
      demo.owner,
      '/api/v1/report/transaction?id=00000000-0000-4000-8000-00000000f00d',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: false, error: { code: 'TRANSACTION_NOT_FOUND' } });
  });
});
