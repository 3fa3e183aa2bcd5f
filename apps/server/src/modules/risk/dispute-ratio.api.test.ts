import { randomUUID } from 'node:crypto';
import { DisputeRatioText, disputeRatiosResponse } from '@portico/contracts/risk/dispute-ratio';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp } from '../../../test/demo-app';
import { demo } from '../../../test/demo-data';
import { buildClient } from '../../../test/factories';
import type { App } from '../../app';
import { disputes } from '../../db/schema/disputes';
import { auditLog } from '../../db/schema/system';
import { transactions } from '../../db/schema/transactions';

// Risk's Disputes tab: the month's disputes against its card sales per merchant, flagged over a
// threshold staff set. Risk is staff only.

const now = new Date('2026-05-20T12:00:00.000Z');
let ctx: Awaited<ReturnType<typeof buildDemoApp>>;
let app: App;
const as = (email: string) => ctx.as(email);
const ids = { parent: '', alder: '', birch: '', cedar: '' };

async function cardSales(
  clientId: string,
  count: number,
  at: Date,
  overrides: Partial<typeof transactions.$inferInsert> = {},
) {
  await app.db.insert(transactions).values(
    Array.from({ length: count }, () => ({
      clientId,
      createdAt: at,
      type: 'card' as const,
      action: 'sale',
      actionMode: 'charge' as const,
      amountCents: 5_000,
      paymentStatus: true,
      requestStatus: true,
      status: 'Approved',
      processor: 'fis' as const,
      paymentMethod: 'card' as const,
      cardBrand: 'VISA',
      last4: '1111',
      ...overrides,
    })),
  );
}

async function dispute(clientId: string, openedAt: Date) {
  await app.db.insert(disputes).values({
    clientId,
    transactionId: randomUUID(),
    transactionCreatedAt: new Date(openedAt.getTime() - 3 * 86_400_000),
    processorCaseId: `case-${randomUUID()}`,
    status: 'needs_response',
    category: 'fraud',
    reasonCode: '10.4',
    amountCents: 5_000,
    openedAt,
  });
}

function get(url: string, cookie: string) {
  return app.inject({ method: 'GET', url, headers: { cookie } });
}

function putThreshold(threshold: unknown, cookie = as(demo.admin)) {
  return app.inject({
    method: 'PUT',
    url: '/api/risk/dispute-ratio-threshold',
    headers: { cookie },
    payload: { threshold },
  });
}

async function ratios(query = '', cookie = as(demo.admin)) {
  const res = await get(`/api/risk/dispute-ratios${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return disputeRatiosResponse.parse(res.json()).message;
}

beforeAll(async () => {
  ctx = await buildDemoApp({
    now,
    signedIn: [demo.admin, demo.audit, demo.owner, demo.reseller, demo.healnow],
  });
  app = ctx.app;
  const parent = await buildClient(app.db, { name: 'Orchard Holdings', level: 'Parent' });
  ids.parent = parent.id;
  ids.alder = (await buildClient(app.db, { name: 'Alder Outfitters', parentId: parent.id })).id;
  ids.birch = (await buildClient(app.db, { name: 'Birch Books', parentId: parent.id })).id;
  ids.cedar = (await buildClient(app.db, { name: 'Cedar Cycles' })).id;
  const may = new Date('2026-05-05T10:00:00.000Z');
  const april = new Date('2026-04-28T10:00:00.000Z');
  // Alder: 1 dispute in 100 card sales = 1.00%, over 0.90%. Its April sale and dispute do not count,
  // nor a declined sale or an ACH payment.
  await cardSales(ids.alder, 100, may);
  await cardSales(ids.alder, 3, april);
  await cardSales(ids.alder, 1, may, { paymentStatus: false, status: 'Declined' });
  await cardSales(ids.alder, 1, may, { paymentMethod: 'ach', type: 'ach' });
  await dispute(ids.alder, may);
  await dispute(ids.alder, april);
  // Birch: 1 in 200 = 0.50%.
  await cardSales(ids.birch, 200, may);
  await dispute(ids.birch, new Date('2026-05-19T23:59:00.000Z'));
  // Cedar: 2 disputes of earlier sales and no card sale this month.
  await dispute(ids.cedar, may);
  await dispute(ids.cedar, may);
});
afterAll(() => ctx.close());

function rowOf(list: Awaited<ReturnType<typeof ratios>>, merchantId: string) {
  return list.rows.find((row) => row.merchant_id === merchantId);
}

describe('GET /api/risk/dispute-ratios', () => {
  it("counts the month's disputes and approved card sales per merchant, with the ratio and the flag", async () => {
    const list = await ratios();
    expect(list.month).toBe('2026-05');
    expect(list.threshold).toBe('0.90');
    expect(rowOf(list, ids.alder)).toEqual({
      merchant_id: ids.alder,
      merchant_name: 'Alder Outfitters',
      disputes: 1,
      card_sales: 100,
      ratio: '1.00',
      is_flagged: true,
      notes: 0,
    });
    expect(rowOf(list, ids.birch)).toMatchObject({
      disputes: 1,
      card_sales: 200,
      ratio: '0.50',
      is_flagged: false,
    });
    expect(rowOf(list, ids.cedar)).toMatchObject({
      disputes: 2,
      card_sales: 0,
      ratio: null,
      is_flagged: true,
    });
    // The parent itself has neither: it is not listed.
    expect(rowOf(list, ids.parent)).toBeUndefined();
  });

  it('lists the flagged merchants first', async () => {
    const list = await ratios();
    const flags = list.rows.map((row) => row.is_flagged);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  });

  it('reads another month when asked', async () => {
    const list = await ratios('?month=2026-04');
    expect(rowOf(list, ids.alder)).toMatchObject({
      disputes: 1,
      card_sales: 3,
      ratio: '33.33',
      is_flagged: true,
    });
    expect(rowOf(list, ids.birch)).toBeUndefined();
  });

  it("narrowed to a parent, shows only that parent's hierarchy", async () => {
    const list = await ratios(`?merchant_id=${ids.parent}`);
    expect(list.rows.map((row) => row.merchant_name).sort()).toEqual(['Alder Outfitters', 'Birch Books']);
  });

  it('counts the risk notes of each merchant', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { cookie: as(demo.admin) },
      payload: {
        client_id: ids.alder,
        comment: 'Dispute ratio over 1% in May; asked for delivery proofs.',
        category: 'risk',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(rowOf(await ratios(), ids.alder)?.notes).toBe(1);
  });

  it('is staff only, as the rest of Risk: parents, partners and merchant users are refused', async () => {
    for (const email of [demo.reseller, demo.owner, demo.healnow]) {
      const res = await get('/api/risk/dispute-ratios', as(email));
      expect(res.statusCode, email).toBe(403);
    }
    expect((await get('/api/risk/dispute-ratios', as(demo.audit))).statusCode).toBe(200);
  });
});

describe('PUT /api/risk/dispute-ratio-threshold', () => {
  it('changes the threshold for everyone, audited with the value before and after', async () => {
    const res = await putThreshold('0.4');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toEqual({ threshold: '0.40' });
    const list = await ratios();
    expect(list.threshold).toBe('0.40');
    expect(rowOf(list, ids.birch)?.is_flagged).toBe(true);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'risk.dispute_threshold'), eq(auditLog.outcome, 'success')));
    expect(entry?.details).toEqual({ from: '0.90', to: '0.40' });
    expect(entry?.actorEmail).toBe(demo.admin);
  });

  it('takes 0.01 to 100 with at most two decimals', async () => {
    for (const bad of ['0', '0.001', '100.01', 'high', 1]) {
      const res = await putThreshold(bad);
      expect(res.statusCode, String(bad)).toBe(400);
    }
    const res = await putThreshold('0');
    expect(res.body).toContain(DisputeRatioText.ThresholdInvalid);
    expect((await putThreshold('100')).statusCode).toBe(200);
    expect((await putThreshold('0.90')).statusCode).toBe(200);
  });

  it('is changed only by staff (the processor auditor reads Risk but writes nothing)', async () => {
    for (const email of [demo.owner, demo.reseller, demo.audit]) {
      const res = await putThreshold('5', as(email));
      expect(res.statusCode, email).toBe(403);
    }
    expect((await ratios()).threshold).toBe('0.90');
  });
});
