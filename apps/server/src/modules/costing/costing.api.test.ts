import { CostingText } from '@portico/contracts/costing/costing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { clientPricing, clients } from '../../db/schema/clients';
import { processorCostModels } from '../../db/schema/costing';
import { transactions } from '../../db/schema/transactions';

// Figures computed by hand from the cost models and transactions below: costing is computed from the
// transactions and each processor's cost model stored as data.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const ids = { harborLane: '', copperKettle: '' };
const parents = { harborLane: '' as string | null, copperKettle: '' as string | null };

async function getAs(email: string, url: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { cookie: await sessionCookieFor(ctx.app.db, email) },
  });
}

async function clientByName(name: string) {
  const [row] = await ctx.app.db
    .select({ id: clients.id, parentId: clients.parentId })
    .from(clients)
    .where(eq(clients.dbaName, name));
  if (!row) throw new Error(`no client ${name}`);
  const [parent] = row.parentId
    ? await ctx.app.db.select({ name: clients.name }).from(clients).where(eq(clients.id, row.parentId))
    : [];
  return { id: row.id, parent: parent?.name ?? null };
}

type Row = Record<string, unknown>;

async function costing(query: string): Promise<Row[]> {
  const res = await getAs(demo.admin, `/api/costing${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message;
}

// After the seed's anchor (2025-06-15): the demo's recurring charges end there.
const day = '2025-08-20';
const at = new Date(`${day}T15:00:00.000Z`);

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  const harbor = await clientByName('Harbor Lane Coffee Roasters');
  const copper = await clientByName('Copper Kettle Bistro');
  ids.harborLane = harbor.id;
  ids.copperKettle = copper.id;
  parents.harborLane = harbor.parent;
  parents.copperKettle = copper.parent;
  await ctx.app.db
    .update(clientPricing)
    .set({ cardRate: '2.90+0.30' })
    .where(eq(clientPricing.clientId, ids.harborLane));
  await ctx.app.db
    .update(clientPricing)
    .set({ cardRate: 'IC+10bps+5c', achRate: '0.50+0.25' })
    .where(eq(clientPricing.clientId, ids.copperKettle));

  // The test's own cost models, so the figures below do not follow the demo seed's.
  await ctx.app.db.delete(processorCostModels);
  const terms = { effectiveFrom: '2020-01-01', perItemCents: 10 };
  await ctx.app.db.insert(processorCostModels).values([
    {
      ...terms,
      processor: 'fis',
      cardBrand: 'VISA',
      interchangeBps: '180',
      duesAssessmentsBps: '14',
      processorBps: '5',
      authorizationFeeCents: 3,
      splitFeeCents: 2,
    },
    {
      ...terms,
      processor: 'fis',
      cardBrand: 'VISA',
      cardType: 'debit',
      interchangeBps: '80',
      duesAssessmentsBps: '14',
      processorBps: '5',
      authorizationFeeCents: 3,
      splitFeeCents: 2,
    },
    {
      ...terms,
      processor: 'bluesnap',
      cardBrand: 'MC',
      interchangeBps: '185',
      duesAssessmentsBps: '13.75',
      processorBps: '10',
      authorizationFeeCents: 5,
      marginSharePercent: '20',
    },
    {
      ...terms,
      processor: 'propay',
      cardBrand: 'ACH',
      interchangeBps: '0',
      duesAssessmentsBps: '0',
      perItemCents: 25,
    },
  ]);

  const card = {
    clientId: ids.harborLane,
    type: 'card' as const,
    paymentMethod: 'card',
    processor: 'fis' as const,
    cardBrand: 'VISA',
    cardType: 'credit',
    paymentStatus: true,
    status: 'Approved',
    settlementDate: '2025-08-21',
    createdAt: at,
  };
  await ctx.app.db.insert(transactions).values([
    // Harbor Lane at FIS, settling 2025-08-21.
    { ...card, actionMode: 'settle', amountCents: 10_000, feeCents: 320, surchargeCents: 300 },
    { ...card, cardType: 'debit', actionMode: 'charge', amountCents: 5_000, feeCents: 160 },
    { ...card, type: 'refund', actionMode: 'refund', amountCents: 2_000 },
    // No model prices JCB: counted, not priced.
    { ...card, cardBrand: 'JCB', actionMode: 'settle', amountCents: 1_000, feeCents: 30 },
    // A decline never settles but pays the item fees.
    {
      ...card,
      actionMode: 'charge',
      amountCents: 3_000,
      feeCents: 10,
      paymentStatus: false,
      status: 'Declined',
      settlementDate: null,
    },
    // Cash has no processor; the last one is outside the window.
    {
      ...card,
      type: 'cash',
      paymentMethod: 'cash',
      processor: null,
      actionMode: 'charge',
      amountCents: 4_000,
    },
    {
      ...card,
      actionMode: 'settle',
      amountCents: 99_900,
      feeCents: 900,
      createdAt: new Date('2025-08-19T23:59:59.999Z'),
    },
    // Copper Kettle at Bluesnap.
    {
      ...card,
      clientId: ids.copperKettle,
      processor: 'bluesnap',
      cardBrand: 'MC',
      actionMode: 'settle',
      amountCents: 20_000,
      feeCents: 600,
    },
    // Copper Kettle's ACH at ProPay, settling 2025-08-22: a debit and a returned item.
    {
      ...card,
      clientId: ids.copperKettle,
      type: 'ach',
      paymentMethod: 'check',
      processor: 'propay',
      cardBrand: null,
      cardType: null,
      actionMode: 'debit',
      amountCents: 8_000,
      feeCents: 65,
      settlementDate: '2025-08-22',
    },
    {
      ...card,
      clientId: ids.copperKettle,
      type: 'ach',
      paymentMethod: 'check',
      processor: 'propay',
      cardBrand: null,
      cardType: null,
      actionMode: 'debit',
      amountCents: 4_000,
      proPayStatus: 'ACHInReturned',
      status: 'Returned',
      settlementDate: '2025-08-22',
    },
  ]);
});
afterAll(() => ctx.close());

const zeroColumns = {
  triple_tip: '0.00',
  triple_cash_discount: '0.00',
  triple_convenience_fee: '0.00',
  fis_convenience_fee_amount: '0.00',
};

describe('GET /api/costing', () => {
  it('answers a row per settlement date, merchant, processor and payment method, priced by hand', async () => {
    const rows = await costing(`?start=${day}&end=${day}`);
    expect(rows.map((row) => [row.settlement_date, row.dba_name, row.processor, row.payment_method])).toEqual(
      [
        ['2025-08-22', 'Copper Kettle Bistro', 'propay', 'check'],
        ['2025-08-21', 'Copper Kettle Bistro', 'bluesnap', 'card'],
        ['2025-08-21', 'Harbor Lane Coffee Roasters', 'fis', 'card'],
        [null, 'Harbor Lane Coffee Roasters', 'fis', 'card'],
      ],
    );
    const [propay, bluesnap, fis, decline] = rows;

    // VISA credit: 100.00 - 20.00 refunded = 80.00 at 180 / 14 / 5 bps: 1.44, 0.11, 0.04; 2 items at
    // 0.10 + 0.03; 1 sale at 0.02. VISA debit: 50.00 at 80 / 14 / 5 bps: 0.40, 0.07, 0.03 (2.5 cents
    // rounds up); 1 item, 1 sale. JCB: no model.
    expect(fis).toEqual({
      settlement_date: '2025-08-21',
      merchant_id: ids.harborLane,
      dba_name: 'Harbor Lane Coffee Roasters',
      parent: parents.harborLane,
      processor: 'fis',
      payment_method: 'card',
      transactions: 4,
      costing_total: '2.52',
      // Fees charged 3.20 + 1.60 + 0.30 = 5.10, minus 2.52.
      profit: '2.58',
      ...zeroColumns,
      triple_surcharge: '3.00',
      triple_platform_fee: '5.10',
      triple_initial_amount: '140.00',
      triple_charge_rate: '2.90+0.30',
      triple_charge_rate_type: 'flat_rate',
      fis_split_fee: '0.04',
      fis_interchange_amount: '1.84',
      fis_surcharge_amount: '3.00',
      fis_fee: '0.46',
      fis_dues_and_assessments: '0.18',
      bluesnap_fee: '0.00',
      bluesnap_dues_and_assessments: '0.00',
      bluesnap_interchange_amount: '0.00',
      bluesnap_percent_of_remaining_margin: '0.0000',
      propay_bin_fee: '0.00',
      propay_ach_fee: '0.00',
      propay_split_pay_fee: '0.00',
      propay_interchange_fee: '0.00',
      propay_authorization_fee: '0.00',
      epx_estimated_fee: '0.00',
      epx_estimated_dues_and_assessments: '0.00',
      epx_estimated_interchange_amount: '0.00',
      bluesnap_margin_share: '0.00',
      other_processor_costs: '0.00',
      unpriced_transactions: 1,
    });

    expect(decline).toMatchObject({
      transactions: 1,
      fis_fee: '0.13',
      costing_total: '0.13',
      profit: '-0.13',
      triple_platform_fee: '0.00',
      triple_initial_amount: '0.00',
      unpriced_transactions: 0,
    });

    // 200.00 at 185 / 13.75 / 10 bps: 3.70, 0.28 (27.5 cents), 0.20; an item at 0.10 + 0.05. The
    // margin left, 6.00 - 4.33 = 1.67, pays Bluesnap 20 %: 0.33.
    expect(bluesnap).toMatchObject({
      merchant_id: ids.copperKettle,
      parent: parents.copperKettle,
      transactions: 1,
      bluesnap_interchange_amount: '3.70',
      bluesnap_dues_and_assessments: '0.28',
      bluesnap_fee: '0.35',
      bluesnap_percent_of_remaining_margin: '20.0000',
      bluesnap_margin_share: '0.33',
      costing_total: '4.66',
      profit: '1.34',
      triple_charge_rate: 'IC+10bps+5c',
      triple_charge_rate_type: 'interchange_plus',
      fis_fee: '0.00',
    });

    // Two ACH items at 0.25; the returned one moves no volume and brings no fee.
    expect(propay).toMatchObject({
      transactions: 2,
      propay_ach_fee: '0.50',
      costing_total: '0.50',
      triple_platform_fee: '0.65',
      triple_initial_amount: '80.00',
      profit: '0.15',
      triple_charge_rate: '0.50+0.25',
      triple_charge_rate_type: 'flat_rate',
    });
  });

  it('reads the cost models as data: a new rate changes the figures, nothing else does', async () => {
    await ctx.app.db
      .update(processorCostModels)
      .set({ interchangeBps: '200' })
      .where(
        and(
          eq(processorCostModels.processor, 'fis'),
          eq(processorCostModels.cardBrand, 'VISA'),
          eq(processorCostModels.cardType, 'any'),
        ),
      );
    try {
      const fis = (await costing(`?start=${day}&end=${day}`)).find(
        (row) =>
          row.merchant_id === ids.harborLane && row.processor === 'fis' && row.settlement_date !== null,
      );
      // 80.00 at 200 bps is 1.60 instead of 1.44.
      expect(fis).toMatchObject({ fis_interchange_amount: '2.00', costing_total: '2.68', profit: '2.42' });
    } finally {
      await ctx.app.db
        .update(processorCostModels)
        .set({ interchangeBps: '180' })
        .where(
          and(
            eq(processorCostModels.processor, 'fis'),
            eq(processorCostModels.cardBrand, 'VISA'),
            eq(processorCostModels.cardType, 'any'),
          ),
        );
    }
  });

  it('covers the last 90 days without a window', async () => {
    const now = Date.now();
    const recent = {
      clientId: ids.harborLane,
      type: 'card' as const,
      paymentMethod: 'card',
      processor: 'epx' as const,
      cardBrand: 'VISA',
      actionMode: 'settle' as const,
      amountCents: 1_000,
      paymentStatus: true,
    };
    await ctx.app.db.insert(transactions).values([
      { ...recent, createdAt: new Date(now - 60_000) },
      { ...recent, createdAt: new Date(now - 100 * 86_400_000) },
    ]);
    const rows = await costing('');
    expect(rows.some((row) => row.settlement_date === '2025-08-21')).toBe(false);
    const epx = rows.filter((row) => row.processor === 'epx' && row.merchant_id === ids.harborLane);
    expect(epx).toHaveLength(1);
    // No EPX model in this test: the item is counted as unpriced.
    expect(epx[0]).toMatchObject({ transactions: 1, unpriced_transactions: 1, costing_total: '0.00' });
  });

  it('refuses a window that is reversed, half given or longer than 366 days', async () => {
    for (const [query, message] of [
      ['?start=2025-06-02&end=2025-06-01', CostingText.StartAfterEnd],
      ['?start=2025-06-01', CostingText.StartAndEndTogether],
      ['?start=2024-05-31&end=2025-06-01', CostingText.WindowTooLong],
    ] as const) {
      for (const path of ['/api/costing', '/api/v1/costing']) {
        const res = await getAs(demo.admin, `${path}${query}`);
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(JSON.stringify(res.json().error.issues)).toContain(message);
      }
    }
  });
});

describe('GET /api/v1/costing (estimates)', () => {
  it('lists each costed transaction of the window with its estimated cost', async () => {
    const res = await getAs(demo.admin, `/api/v1/costing?start=${day}&end=${day}`);
    expect(res.statusCode).toBe(200);
    const rows: Row[] = res.json().message;
    // Cash and the transaction of the day before are not costed.
    expect(rows).toHaveLength(8);
    const sale = rows.find((row) => row.amount === '100.00');
    expect(sale).toMatchObject({
      parent: parents.harborLane,
      dba_name: 'Harbor Lane Coffee Roasters',
      created_at: '2025-08-20T15:00:00.000Z',
      payment_method_used: 'card',
      processor: 'fis',
      type: 'card',
      action: null,
      status: 'Approved',
      card_brand: 'VISA',
      card_type: 'credit',
      fee: '3.20',
      settlement_amount: null,
      settlement_date: '2025-08-21',
      estimated_interchange: '1.80',
      estimated_dues_and_assessments: '0.14',
      // 0.05 (5 bps) + 0.10 + 0.03 + 0.02.
      estimated_processor_fees: '0.20',
      estimated_cost: '2.14',
      is_priced: true,
    });
    expect(rows.find((row) => row.amount === '200.00')).toMatchObject({
      processor: 'bluesnap',
      estimated_cost: '4.66',
      estimated_processor_fees: '0.68',
    });
    expect(rows.find((row) => row.card_brand === 'JCB')).toMatchObject({
      is_priced: false,
      estimated_cost: '0.00',
    });
    expect(rows.find((row) => row.status === 'Declined')).toMatchObject({ estimated_cost: '0.13' });
    expect(rows.find((row) => row.status === 'Returned')).toMatchObject({ estimated_cost: '0.25' });
  });
});

describe('who may read costing', () => {
  it('is for admins only: processor auditors, other roles and strangers are refused', async () => {
    for (const path of ['/api/costing', '/api/v1/costing']) {
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      expect((await getAs(demo.admin, path)).statusCode).toBe(200);
      for (const email of [demo.audit, demo.healnow, demo.reseller, demo.owner, demo.alpha]) {
        expect((await getAs(email, path)).statusCode, `${email} ${path}`).toBe(403);
      }
    }
  });
});
