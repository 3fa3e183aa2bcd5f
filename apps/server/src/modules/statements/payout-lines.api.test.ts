import { parseDecimalToCents } from '@portico/contracts/money/money';
import { payoutLinesOfTransactions } from '@portico/contracts/statements/payout-lines';
import {
  type PayoutLines,
  type PayoutRow,
  payoutLinesResponse,
  StatementErrorCode,
  settlementGroupResponse,
} from '@portico/contracts/statements/statements';
import { actionModeSchema, proPayStatusSchema } from '@portico/contracts/transactions/transaction-enums';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo, demoDomains } from '../../../test/demo-data';
import { buildCardPayment } from '../../../test/factories';
import { memberships, roles, subEntities } from '../../db/schema/access';
import { users } from '../../db/schema/users';
import { seedDemoData } from '../../db/seed/seed-demo-data';
import { queryRows } from '../../db/sql-rows';
import { postPayouts } from './statements.service';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harbor = '';
let copper = '';
const refundDay = '2020-03-03';
const now = new Date();

const cents = (decimal: string) => {
  const value = parseDecimalToCents(decimal);
  if (value === null) throw new Error(`not money: ${decimal}`);
  return value;
};
const sumOf = (amounts: readonly string[]) => amounts.reduce((sum, amount) => sum + cents(amount), 0);

async function linesAs(email: string, payoutId: string): Promise<PayoutLines> {
  const res = await callAs(ctx.app, email, 'GET', `/api/payouts/${payoutId}/lines`);
  expect(res.statusCode, res.body).toBe(200);
  return payoutLinesResponse.parse(res.json()).message;
}

async function payoutsAs(email: string, merchantId?: string): Promise<PayoutRow[]> {
  const query = merchantId ? `?merchant_id=${merchantId}` : '';
  const res = await callAs(ctx.app, email, 'GET', `/api/payouts${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message;
}

// A settlement group's transactions as the contracts rule reads them, in the order the lines list them.
const groupTransaction = z.object({
  action_mode: actionModeSchema.nullable(),
  amount_cents: z.coerce.number(),
  fee_cents: z.coerce.number(),
  payment_status: z.boolean().nullable(),
  pro_pay_status: proPayStatusSchema.nullable(),
});
async function transactionsOfGroup(payout: PayoutRow) {
  const rows = await queryRows(
    ctx.app.db,
    sql`select t.action_mode::text as action_mode, t.amount_cents::text as amount_cents,
        t.fee_cents::text as fee_cents, t.payment_status, t.pro_pay_status::text as pro_pay_status
      from transactions t
      where t.client_id = ${payout.merchant_id}::uuid and t.processor::text = ${payout.payout_details.processor}
        and t.settlement_date = ${payout.payout_date}::date
        and (t.pro_pay_status in ('ACHInReturned', 'ACHInRejected') or t.payment_status is distinct from false)
      order by t.created_at, t.id`,
  );
  return rows.map((row) => {
    const t = groupTransaction.parse(row);
    return {
      actionMode: t.action_mode,
      amountCents: t.amount_cents,
      feeCents: t.fee_cents,
      paymentStatus: t.payment_status,
      proPayStatus: t.pro_pay_status,
    };
  });
}

beforeAll(async () => {
  ctx = await buildTestApp();
  // The demo data set posts its payouts through the daily posting's own statement.
  await seedDemoData(
    ctx.database,
    {
      transactions: 1_200,
      ...demoDomains,
      encrypt: (plaintext, column) => `test.${column}.${Buffer.from(plaintext).toString('base64')}`,
    },
    { info: () => {} },
  );
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
  // A day of Harbor Lane with two sales and a refund, posted by the daily job's posting.
  const day = { clientId: harbor, processor: 'fis' as const, settlementDate: refundDay };
  await buildCardPayment(ctx.app.db, {
    ...day,
    createdAt: new Date('2020-03-02T15:00:00Z'),
    amountCents: 10_000,
    feeCents: 320,
  });
  await buildCardPayment(ctx.app.db, {
    ...day,
    createdAt: new Date('2020-03-02T16:00:00Z'),
    amountCents: 4_250,
    feeCents: 153,
    cardBrand: 'MC',
  });
  await buildCardPayment(ctx.app.db, {
    ...day,
    createdAt: new Date('2020-03-02T17:00:00Z'),
    actionMode: 'refund',
    type: 'refund',
    amountCents: 2_000,
    feeCents: 0,
  });
  expect(await postPayouts(ctx.app.db, refundDay, now)).toBe(1);
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/payouts/{id}/lines', () => {
  it("adds up to every demo merchant's payouts, to the cent, and is the contracts rule on their transactions", async () => {
    const all = await payoutsAs(demo.admin);
    const merchants = new Set(all.map((payout) => payout.merchant_id));
    expect(merchants.has(harbor)).toBe(true);
    expect(merchants.size).toBeGreaterThan(3);
    // Every payout of Harbor Lane, and the newest of every other merchant and processor.
    const seen = new Set<string>();
    const checked = all.filter((payout) => {
      const key = `${payout.merchant_id}:${payout.payout_details.processor}`;
      const isFirst = !seen.has(key);
      seen.add(key);
      return payout.merchant_id === harbor || isFirst;
    });
    expect(checked.length).toBeGreaterThan(merchants.size);
    for (const payout of checked) {
      const answer = await linesAs(demo.admin, payout.payout_details.id);
      const amount = cents(payout.payout_details.amount);
      expect(answer.payout_details).toEqual(payout.payout_details);
      expect(answer.locations_only).toBe(false);
      expect(sumOf(answer.lines.map((line) => line.amount))).toBe(amount);
      expect(sumOf(answer.totals.map((total) => total.amount))).toBe(amount);
      const expected = payoutLinesOfTransactions(await transactionsOfGroup(payout));
      expect(answer.lines.map((line) => ({ kind: line.kind, amountCents: cents(line.amount) }))).toEqual(
        expected,
      );
    }
  });

  it("answers Harbor Lane's owner its own payouts' lines, adding up to each amount", async () => {
    const own = await payoutsAs(demo.owner, harbor);
    expect(own.length).toBeGreaterThan(1);
    for (const payout of own.slice(0, 12)) {
      const answer = await linesAs(demo.owner, payout.payout_details.id);
      expect(sumOf(answer.lines.map((line) => line.amount))).toBe(cents(payout.payout_details.amount));
    }
  });

  it('signs a refund negative: sales, their fees and the refund add up to the payout', async () => {
    const [payout] = (await payoutsAs(demo.owner, harbor)).filter((p) => p.payout_date === refundDay);
    if (!payout) throw new Error('the refund day has no payout');
    expect(payout.payout_details.amount).toBe('117.77');
    const answer = await linesAs(demo.owner, payout.payout_details.id);
    expect(answer.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['sale', '100.00'],
      ['fee', '-3.20'],
      ['sale', '42.50'],
      ['fee', '-1.53'],
      ['refund', '-20.00'],
    ]);
    expect(answer.totals).toEqual([
      { kind: 'sale', count: 2, amount: '142.50' },
      { kind: 'refund', count: 1, amount: '-20.00' },
      { kind: 'fee', count: 2, amount: '-4.73' },
    ]);
    // The settlement group's transactions: each net is the sum of its lines.
    const group = settlementGroupResponse.parse(
      (await callAs(ctx.app, demo.owner, 'GET', `/api/payouts/${payout.payout_details.id}`)).json(),
    ).message;
    expect(group.transaction_details.map((t) => t.net_amount)).toEqual(['96.80', '40.97', '-20.00']);
    expect(sumOf(group.transaction_details.map((t) => t.net_amount))).toBe(11_777);
    expect(group.settlement).toMatchObject({ gross: '122.50', net: '117.77' });
  });

  it("refuses another merchant's payout and leaks nothing of it; an unknown payout is 404 to staff", async () => {
    const [foreign] = await payoutsAs(demo.admin, copper);
    if (!foreign) throw new Error('Copper Kettle has no payout');
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/payouts/${foreign.payout_details.id}/lines`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: false, error: { code: expect.any(String) } });
    expect(res.body).not.toContain(foreign.payout_details.amount);
    expect(res.body).not.toContain('lines');
    const unknown = await callAs(
      ctx.app,
      demo.admin,
      'GET',
      '/api/payouts/00000000-0000-4000-8000-0000000a0404/lines',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe(StatementErrorCode.PayoutNotFound);
    const unknownToMerchant = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      '/api/payouts/00000000-0000-4000-8000-0000000a0404/lines',
    );
    expect(unknownToMerchant.statusCode).toBe(403);
    expect((await callAs(ctx.app, demo.owner, 'GET', '/api/payouts/not-an-id/lines')).statusCode).toBe(400);
  });

  it("shows a user tied to one location only that location's lines", async () => {
    // The cashier of Pearl District, given the Bookkeeper role (Payouts) for this test.
    const [bookkeeper] = await ctx.app.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.clientId, harbor), eq(roles.name, 'Bookkeeper')));
    const [barista] = await ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demo.barista));
    if (!bookkeeper || !barista) throw new Error('demo bookkeeper role or barista missing');
    await ctx.app.db
      .update(memberships)
      .set({ roleId: bookkeeper.id })
      .where(and(eq(memberships.userId, barista.id), eq(memberships.clientId, harbor)));
    const [pearl] = await ctx.app.db
      .select({ id: subEntities.id })
      .from(subEntities)
      .where(and(eq(subEntities.clientId, harbor), eq(subEntities.name, 'Pearl District')));
    if (!pearl) throw new Error('Pearl District missing');
    const own = await payoutsAs(demo.owner, harbor);
    let seenOtherLocation = false;
    for (const payout of own.filter((p) => p.payout_date !== refundDay).slice(0, 8)) {
      const full = await linesAs(demo.owner, payout.payout_details.id);
      const limited = await linesAs(demo.barista, payout.payout_details.id);
      expect(limited.locations_only).toBe(true);
      const rows = await queryRows(
        ctx.app.db,
        sql`select i.transaction_id::text as id from payout_items i
          join transactions t on t.id = i.transaction_id and t.created_at = i.transaction_created_at
          where i.payout_id = ${payout.payout_details.id}::uuid and t.sub_entity_id = ${pearl.id}::uuid`,
      );
      const atPearl = new Set(rows.map((row) => String(row.id)));
      expect(limited.lines.every((line) => atPearl.has(line.transaction_id))).toBe(true);
      expect(new Set(limited.lines.map((line) => line.transaction_id))).toEqual(atPearl);
      if (full.lines.some((line) => !atPearl.has(line.transaction_id))) seenOtherLocation = true;
    }
    expect(seenOtherLocation).toBe(true);
  });
});
