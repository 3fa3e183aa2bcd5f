import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp } from '../../../test/demo-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment, buildClient } from '../../../test/factories';
import type { App } from '../../app';
import { clientConfigs, clientMccConfigs } from '../../db/schema/clients';
import { mccCodes } from '../../db/schema/reference';
import { payouts } from '../../db/schema/settlements';

const now = new Date('2026-06-15T16:00:00.000Z');

let ctx: Awaited<ReturnType<typeof buildDemoApp>>;
let app: App;
const as = (email: string) => ctx.as(email);

beforeAll(async () => {
  ctx = await buildDemoApp({ now, signedIn: [demo.admin, demo.healnow, demo.owner, demo.reseller] });
  app = ctx.app;
});
afterAll(() => ctx.close());

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

const reports = ['operations', 'revshare', 'payout', 'subpricing', 'mcc', 'documents'];

describe('Operations reports', () => {
  it('answer admin and white-label staff, and nobody else', async () => {
    for (const report of reports) {
      expect((await get(`/api/report/${report}`, as(demo.admin))).statusCode).toBe(200);
      expect((await get(`/api/report/${report}`, as(demo.healnow))).statusCode).toBe(200);
      expect((await get(`/api/report/${report}`, as(demo.owner))).statusCode).toBe(403);
      expect((await get(`/api/report/${report}`, as(demo.reseller))).statusCode).toBe(403);
    }
  });

  it("computes a parent's revenue share from its merchants' fees per month", async () => {
    const parent = await buildClient(app.db, {
      level: 'Parent',
      dbaName: `Share Parent ${randomUUID().slice(0, 6)}`,
    });
    await app.db.insert(clientConfigs).values({ clientId: parent.id, revSharePercentage: '12.50' });
    const merchant = await buildClient(app.db, {
      level: 'Merchant',
      parentId: parent.id,
      dbaName: `Share Shop ${randomUUID().slice(0, 6)}`,
    });
    for (const [amountCents, feeCents] of [
      [10_000, 320],
      [20_000, 611],
    ]) {
      await buildCardPayment(app.db, {
        clientId: merchant.id,
        amountCents,
        feeCents,
        createdAt: new Date('2026-06-10T12:00:00Z'),
      });
    }
    // Declined: no fee earned, not counted.
    await buildCardPayment(app.db, {
      clientId: merchant.id,
      amountCents: 50_000,
      feeCents: 999,
      paymentStatus: false,
      createdAt: new Date('2026-06-11T12:00:00Z'),
    });
    await buildCardPayment(app.db, {
      clientId: merchant.id,
      amountCents: 5_000,
      feeCents: 175,
      createdAt: new Date('2026-05-02T12:00:00Z'),
    });

    const res = await get('/api/report/revshare', as(demo.admin));
    const rows: { sub_merchant_name: string; transaction_month: string }[] = res.json().message;
    const mine = rows.filter((row) => row.sub_merchant_name === merchant.dbaName);
    expect(mine).toEqual([
      {
        id: `${merchant.id}:2026-06`,
        sub_merchant_name: merchant.dbaName,
        parent_name: parent.dbaName,
        transaction_month: '2026-06',
        transactions: 2,
        total_transaction_amount: '300.00',
        total_transaction_fee: '9.31',
        rev_share: '12.50',
        // 12.5% of 931 cents is 116.375: 116 cents.
        payout: '1.16',
      },
      expect.objectContaining({
        transaction_month: '2026-05',
        total_transaction_fee: '1.75',
        payout: '0.22',
      }),
    ]);
  });

  it("lists every client's per-MCC sub-pricing", async () => {
    const parent = await buildClient(app.db, {
      level: 'Parent',
      dbaName: `Pricing Parent ${randomUUID().slice(0, 6)}`,
    });
    const [code] = await app.db.select({ code: mccCodes.code }).from(mccCodes).limit(1);
    if (!code) throw new Error('no MCC codes seeded');
    const [config] = await app.db
      .insert(clientMccConfigs)
      .values({
        clientId: parent.id,
        mccCode: code.code,
        label: 'Dental offices',
        cardRate: '2.90+0.30',
        cardP2c: true,
        avgTicketCents: 12_500,
        highTicketCents: 250_000,
      })
      .returning({ id: clientMccConfigs.id });
    const pricing = await get('/api/report/subpricing', as(demo.admin));
    expect(pricing.json().message).toContainEqual({
      id: config?.id,
      client: parent.dbaName,
      label: 'Dental offices',
      mccCode: code.code,
      card_rate: '2.90+0.30',
      ach_rate: null,
      crypto_rate: null,
      card_p2c: true,
      ach_p2c: false,
      crypto_p2c: false,
      avg_ticket: '125.00',
      high_ticket: '2500.00',
    });
  });

  it('lists payouts with their money as decimals', async () => {
    const merchant = await buildClient(app.db, {
      level: 'Merchant',
      dbaName: `Payout Shop ${randomUUID().slice(0, 6)}`,
    });
    await app.db.insert(payouts).values({
      clientId: merchant.id,
      payoutDate: '2026-06-12',
      statementMonth: '2026-06-01',
      amountCents: 123_456,
      processor: 'fis',
      status: 'held',
    });
    const res = await get('/api/report/payout', as(demo.healnow));
    expect(res.json().message).toContainEqual(
      expect.objectContaining({
        merchant: merchant.dbaName,
        payout_date: '2026-06-12',
        amount: '1234.56',
        status: 'held',
      }),
    );
    // A held payout is an operations item too.
    const operations = await get('/api/report/operations', as(demo.admin));
    expect(operations.json().message).toContainEqual(
      expect.objectContaining({ client_id: merchant.id, type: 'payout', result: 'Payout held' }),
    );
  });
});
