import { parseDecimalToCents } from '@portico/contracts/money/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, clientIdNamed } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment, buildClient } from '../../../test/factories';
import { clientConfigs } from '../../db/schema/clients';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const now = new Date('2026-11-20T12:00:00Z');
let summit = '';
let shop = '';
let outsider = '';

const cents = (text: string) => {
  const value = parseDecimalToCents(text);
  if (value === null) throw new Error(`not money: ${text}`);
  return value;
};

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true, now: () => now });
  summit = await clientIdNamed(ctx.app.db, 'Summit Merchant Services');
  await ctx.app.db
    .insert(clientConfigs)
    .values({
      clientId: summit,
      revSharePercentage: '20.00',
      revShareFormula: 'profit * rev_share_percentage / 100',
    })
    .onConflictDoUpdate({
      target: clientConfigs.clientId,
      set: { revSharePercentage: '20.00', revShareFormula: 'profit * rev_share_percentage / 100' },
    });
  shop = (await buildClient(ctx.app.db, { name: 'Rev Share Shop', parentId: summit })).id;
  outsider = (await buildClient(ctx.app.db, { name: 'Outside Shop' })).id;
  for (const [clientId, amountCents, feeCents] of [
    [shop, 10_000, 320],
    [shop, 25_000, 755],
    [outsider, 4_000, 150],
  ] as const) {
    await buildCardPayment(ctx.app.db, {
      clientId,
      amountCents,
      feeCents,
      createdAt: new Date('2026-10-08T15:00:00Z'),
    });
  }
});
afterAll(async () => {
  await ctx.close();
});

type Row = Record<string, string | number | null>;

describe('GET /api/revshare', () => {
  it("shares the month's profit (fees collected - costing) at the parent's percentage, and the parts add up", async () => {
    const res = await callAs(ctx.app, demo.admin, 'GET', '/api/revshare');
    expect(res.statusCode).toBe(200);
    const row: Row | undefined = res
      .json()
      .message.find((r: Row) => r.sub_merchant_name === 'Rev Share Shop');
    expect(row).toMatchObject({
      parent_name: 'Summit Merchant Services',
      transaction_month: '2026-10',
      transactions: 2,
      total_transaction_amount: '350.00',
      total_transaction_fee: '10.75',
      epx_revenue_collected: '10.75',
      rev_share: '20.00',
    });
    if (!row) throw new Error('no row');
    // Costing is what the costing page computes for the same merchant and month.
    const costing = await callAs(ctx.app, demo.admin, 'GET', '/api/costing?start=2026-10-01&end=2026-10-31');
    const costs = costing
      .json()
      .message.filter((r: Row) => r.merchant_id === shop)
      .reduce((sum: number, r: { costing_total: string }) => sum + cents(r.costing_total), 0);
    expect(cents(String(row.total_costing))).toBe(costs);
    const profit = 1_075 - costs;
    expect(cents(String(row.total_profit))).toBe(profit);
    expect(cents(String(row.payout))).toBe(Math.max(0, Math.round(profit * 0.2)));
    expect(cents(String(row.payout)) + cents(String(row.post_payout_profit))).toBe(profit);
  });

  it('shows a parent only the merchants below it, and refuses merchant users', async () => {
    const res = await callAs(ctx.app, demo.reseller, 'GET', '/api/revshare');
    expect(res.statusCode).toBe(200);
    const names = res.json().message.map((r: Row) => r.sub_merchant_name);
    expect(names).toContain('Rev Share Shop');
    expect(names).not.toContain('Outside Shop');
    expect(
      (await callAs(ctx.app, demo.reseller, 'GET', `/api/revshare?clientid=${outsider}`)).statusCode,
    ).toBe(403);
    expect((await callAs(ctx.app, demo.owner, 'GET', '/api/revshare')).statusCode).toBe(403);
  });
});

describe('GET /api/report/revshare_all', () => {
  it('answers the admin report as arrays, narrowed by clientid, to staff only', async () => {
    const res = await callAs(ctx.app, demo.admin, 'GET', `/api/report/revshare_all?clientid=${summit}`);
    expect(res.statusCode).toBe(200);
    const rows: unknown[][] = res.json().message;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row[0] === 'Summit Merchant Services')).toBe(true);
    const shopRow = rows.find((row) => row[2] === shop);
    expect(shopRow?.slice(0, 9)).toEqual([
      'Summit Merchant Services',
      'Rev Share Shop',
      shop,
      '2026-10',
      2,
      '350.00',
      '175.00',
      null,
      '10.75',
    ]);
    expect(shopRow?.[12]).toBe('20.00');
    // Nothing billed to the shop that month: it is owed its whole payout.
    expect(shopRow?.[14]).toBe('0.00');
    expect(shopRow?.[15]).toBe(shopRow?.[13]);
    expect((await callAs(ctx.app, demo.reseller, 'GET', '/api/report/revshare_all')).statusCode).toBe(403);
  });
});
