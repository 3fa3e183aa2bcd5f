import { formatCentsAsDecimal, formatCentsAsMoney } from '@portico/contracts/money/money';
import {
  computeStatement,
  groupSettlements,
  type StatementTransactionFacts,
} from '@portico/contracts/statements/statement-rules';
import {
  ReconciliationText,
  StatementErrorCode,
  StatementFigureText,
  type StatementLineRow,
  statementFigureKeys,
  statementNotesLine,
} from '@portico/contracts/statements/statements';
import { and, count, eq, gte, lt, ne } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment } from '../../../test/factories';
import { clientPricing, clients } from '../../db/schema/clients';
import { payoutItems, payouts, settlements } from '../../db/schema/settlements';
import { statementLines, statements } from '../../db/schema/statements';
import { transactions } from '../../db/schema/transactions';
import { webhookEvents } from '../../db/schema/webhooks';
import { postPayouts, postStatements } from './statements.service';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harbor = '';
let copper = '';
const month = '2025-09';
const at = (day: number, hour = 15) =>
  new Date(`${month}-${String(day).padStart(2, '0')}T${hour}:00:00.000Z`);

beforeAll(async () => {
  ctx = await buildTestApp(
    { supportPhone: '1-888-300-4100', supportEmail: 'statements@portico.example' },
    { demoAccounts: true },
  );
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
  await ctx.app.db
    .update(clientPricing)
    .set({
      cardRate: '2.90+0.30',
      achRate: '0.50+0.25',
      monthlyFeeCents: 995,
      pciFeeCents: 500,
      monthlyMinCents: 2500,
    })
    .where(eq(clientPricing.clientId, harbor));
  const db = ctx.app.db;
  const card = { clientId: harbor, settlementDate: `${month}-03` };
  await buildCardPayment(db, { ...card, createdAt: at(2), amountCents: 10_000, feeCents: 320 });
  await buildCardPayment(db, {
    ...card,
    createdAt: at(2, 16),
    amountCents: 4_250,
    feeCents: 153,
    cardBrand: 'MC',
  });
  await buildCardPayment(db, {
    ...card,
    createdAt: at(2, 17),
    amountCents: 999,
    feeCents: 59,
    paymentStatus: false,
  });
  await buildCardPayment(db, {
    ...card,
    createdAt: at(2, 18),
    actionMode: 'refund',
    type: 'refund',
    amountCents: 2_000,
    feeCents: 0,
  });
  await buildCardPayment(db, {
    clientId: harbor,
    settlementDate: `${month}-16`,
    createdAt: at(15),
    actionMode: 'reversal',
    type: 'reversal',
    amountCents: 3_000,
    feeCents: 0,
  });
  await buildCardPayment(db, {
    clientId: harbor,
    settlementDate: `${month}-16`,
    createdAt: at(15, 10),
    type: 'ach',
    paymentMethod: 'check',
    cardBrand: null,
    processor: 'propay',
    actionMode: 'debit',
    amountCents: 50_000,
    feeCents: 275,
  });
  await buildCardPayment(db, {
    clientId: harbor,
    settlementDate: `${month}-16`,
    createdAt: at(15, 11),
    type: 'ach',
    paymentMethod: 'check',
    cardBrand: null,
    processor: 'propay',
    actionMode: 'debit',
    amountCents: 7_500,
    feeCents: 62,
    paymentStatus: false,
    proPayStatus: 'ACHInReturned',
  });
  // Settled the next month: on September's statement, in October's payouts.
  await buildCardPayment(db, {
    clientId: harbor,
    settlementDate: '2025-10-01',
    createdAt: at(30, 22),
    amountCents: 1_234,
    feeCents: 66,
  });
  // Another merchant and another month: on neither statement of Harbor Lane's September.
  await buildCardPayment(db, {
    clientId: copper,
    settlementDate: `${month}-03`,
    createdAt: at(2),
    amountCents: 8_000,
  });
  await buildCardPayment(db, {
    clientId: harbor,
    createdAt: new Date('2025-10-02T10:00:00Z'),
    amountCents: 5_000,
  });
});

afterAll(async () => {
  await ctx?.close();
});

// Harbor Lane's September, read back from the database, through the contracts rule.
async function expectedStatement() {
  const rows = await ctx.app.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.clientId, harbor),
        gte(transactions.createdAt, new Date(`${month}-01T00:00:00Z`)),
        lt(transactions.createdAt, new Date('2025-10-01T00:00:00Z')),
      ),
    );
  const facts: StatementTransactionFacts[] = rows.map((t) => ({
    actionMode: t.actionMode,
    amountCents: t.amountCents,
    feeCents: t.feeCents,
    paymentStatus: t.paymentStatus,
    proPayStatus: t.proPayStatus,
    day: t.createdAt.toISOString().slice(0, 10),
    paymentMethod: t.paymentMethod,
    cardBrand: t.cardBrand,
    processor: t.processor,
    settlementDate: t.settlementDate,
  }));
  const [pricing] = await ctx.app.db.select().from(clientPricing).where(eq(clientPricing.clientId, harbor));
  return {
    facts,
    statement: computeStatement(facts, {
      cardRate: pricing?.cardRate ?? null,
      achRate: pricing?.achRate ?? null,
      cryptoRate: pricing?.cryptoRate ?? null,
      monthlyFeeCents: pricing?.monthlyFeeCents ?? null,
      pciFeeCents: pricing?.pciFeeCents ?? null,
      regFeeCents: pricing?.regFeeCents ?? null,
      monthlyMinCents: pricing?.monthlyMinCents ?? null,
    }),
  };
}

async function countRows() {
  const [s] = await ctx.app.db.select({ n: count() }).from(statements);
  const [l] = await ctx.app.db.select({ n: count() }).from(statementLines);
  const [p] = await ctx.app.db.select({ n: count() }).from(payouts);
  const [i] = await ctx.app.db.select({ n: count() }).from(payoutItems);
  const [e] = await ctx.app.db.select({ n: count() }).from(webhookEvents);
  return { statements: s?.n, lines: l?.n, payouts: p?.n, items: i?.n, events: e?.n };
}

// The webhook events about rows of one table, by the id of each row.
async function eventsAbout(objectType: 'statement' | 'payout') {
  return ctx.app.db
    .select({ type: webhookEvents.type, objectId: webhookEvents.objectId, payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(eq(webhookEvents.objectType, objectType));
}

const now = new Date('2025-11-20T12:00:00Z');

describe('posting', () => {
  it('posts every merchant with transactions once; a second run adds nothing', async () => {
    expect(await postStatements(ctx.app.db, month, now)).toBe(2);
    const after = await countRows();
    // One 'statement.posted' per statement, in the posting's own statement.
    const posted = await ctx.app.db
      .select()
      .from(statements)
      .where(eq(statements.month, `${month}-01`));
    expect(posted).toHaveLength(2);
    const ids = new Set(posted.map((row) => row.id));
    const events = (await eventsAbout('statement')).filter((event) => ids.has(event.objectId));
    expect(events.map((event) => event.objectId).sort()).toEqual([...ids].sort());
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(['statement.posted']));
    const first = posted[0];
    expect(events.find((event) => event.objectId === first?.id)?.payload).toMatchObject({
      type: 'statement.posted',
      merchant_id: first?.clientId,
      data: {
        object: {
          object: 'statement',
          id: first?.id,
          month,
          net: formatCentsAsDecimal(Number(first?.netCents)),
          gross: formatCentsAsDecimal(Number(first?.totalAmountCents)),
        },
      },
    });
    expect(await postStatements(ctx.app.db, month, now)).toBe(0);
    expect(await countRows()).toEqual(after);
  });

  it('refuses the running month, a future month and a malformed one, changing nothing', async () => {
    const before = await countRows();
    await expect(postStatements(ctx.app.db, '2025-11', now)).rejects.toThrow(
      'Statements exist only for past months',
    );
    await expect(postStatements(ctx.app.db, '2026-01', now)).rejects.toThrow(
      'Statements exist only for past months',
    );
    await expect(postStatements(ctx.app.db, '2025-13', now)).rejects.toThrow('Month must be MM or YYYY-MM');
    expect(await countRows()).toEqual(before);
  });

  it('posts the settlement groups of a day with their payouts and items once', async () => {
    expect(await postPayouts(ctx.app.db, `${month}-03`, now)).toBe(2);
    expect(await postPayouts(ctx.app.db, `${month}-16`, now)).toBe(2);
    expect(await postPayouts(ctx.app.db, '2025-10-01', now)).toBe(1);
    const after = await countRows();
    // One 'payout.paid' per payout sent, with its signed amount.
    // Every payout sent (the seed's older ones are marked paid since); none held.
    const made = await ctx.app.db.select().from(payouts).where(ne(payouts.status, 'held'));
    const events = await eventsAbout('payout');
    expect(events.map((event) => event.objectId).sort()).toEqual(made.map((row) => row.id).sort());
    const one = made[0];
    expect(events.find((event) => event.objectId === one?.id)?.payload).toMatchObject({
      type: 'payout.paid',
      data: { object: { object: 'payout', amount: formatCentsAsDecimal(Number(one?.amountCents)) } },
    });
    expect(await postPayouts(ctx.app.db, `${month}-16`, now)).toBe(0);
    expect(await countRows()).toEqual(after);
    await expect(postPayouts(ctx.app.db, '2025-11-21', now)).rejects.toThrow(
      'Payouts exist only for past days',
    );
  });

  it('holds the payout of a frozen merchant', async () => {
    const day = `${month}-20`;
    await buildCardPayment(ctx.app.db, { clientId: copper, settlementDate: day, createdAt: at(19) });
    await ctx.app.db.update(clients).set({ isActive: false }).where(eq(clients.id, copper));
    try {
      expect(await postPayouts(ctx.app.db, day, now)).toBe(1);
      const [payout] = await ctx.app.db
        .select()
        .from(payouts)
        .where(and(eq(payouts.clientId, copper), eq(payouts.payoutDate, day)));
      expect(payout).toMatchObject({ payoutDate: day, status: 'held', amountCents: 10_000 - 320 });
      // A held payout is not sent: no event.
      expect((await eventsAbout('payout')).some((event) => event.objectId === payout?.id)).toBe(false);
    } finally {
      await ctx.app.db.update(clients).set({ isActive: true }).where(eq(clients.id, copper));
    }
  });
});

describe('the books balance against the posted rows', () => {
  it('matches the contracts rule, and the payouts plus what is pending are net deposited to the cent', async () => {
    const { facts, statement } = await expectedStatement();
    const res = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/report/statement?month=${month}&clientid=${harbor}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows: StatementLineRow[] = res.json().message;
    expect(rows).toEqual(
      statement.lines.map((line) => ({
        type: line.type,
        pricing: line.pricing,
        transactions: line.transactionCount,
        gross: formatCentsAsDecimal(line.grossCents),
        fees: formatCentsAsDecimal(line.feesCents),
        flatfee: formatCentsAsDecimal(line.flatFeeCents),
        itemfee: formatCentsAsDecimal(line.itemFeeCents),
        net: formatCentsAsDecimal(line.netCents),
      })),
    );
    // By hand: sales 100.00 + 42.50 + 500.00 + 12.34, refund -20.00, chargeback -30.00, one returned
    // ACH item -25.00; fees 3.20 + 1.53 + 2.75 + 0.66 = 8.14; flat 9.95 + 5.00 + (25.00 - 8.14), billed
    // apart. The gross takes the chargeback and the returned item; the net is the gross less the fees.
    expect(statement.totals).toEqual({
      totalTransactions: 7,
      totalAmountCents: 65_484 - 2000 - 3000 - 2500,
      totalFeesCents: 814 + 995 + 500 + 1686,
      totalAdjustmentsCents: -2500,
      chargebacksAndReversalsCents: -3000,
      refundsAndVoidsCents: -2000,
      netCents: 65_484 - 2000 - 3000 - 2500 - 814,
    });
    const tab = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/statement?year-month=${month}&merchant_id=${harbor}`,
    );
    expect(tab.statusCode, tab.body).toBe(200);
    const [row] = tab.json().message;
    expect(row).toMatchObject({
      merchant_name: expect.any(String),
      month_year: month,
      total_amount: '579.84',
      total_transactions: 7,
      total_fees: '39.95',
      total_adjustments: '-25.00',
      charge_backs_and_reversals_total: '-30.00',
      net: '571.70',
      figures: {
        gross_sales: '654.84',
        refunds_and_voids: '-20.00',
        chargebacks_and_reversals: '-30.00',
        adjustments: '-25.00',
        gross: '579.84',
        net: '571.70',
        cash_recorded: '0.00',
        net_deposited: '571.70',
        flat_fees: '-5.00',
        monthly_fees: '-26.81',
      },
    });
    expect(
      Math.round(Number(row.figures.per_transaction_fees) * 100) +
        Math.round(Number(row.figures.item_fees) * 100),
    ).toBe(-814);
    expect(row.daily_transactions.map((d: { transaction_day: string }) => d.transaction_day)).toEqual([
      `${month}-02`,
      `${month}-15`,
      `${month}-30`,
    ]);
    expect(row.processor_fees.map((f: { R_TOTAL: string }) => f.R_TOTAL).sort()).toEqual([
      '1.53',
      '2.75',
      '3.86',
    ]);
    // What the payouts paid for September's transactions is net deposited: nothing is pending.
    const items = await ctx.app.db
      .select({ net: payoutItems.netAmountCents })
      .from(payoutItems)
      .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
      .where(
        and(
          eq(payouts.clientId, harbor),
          gte(payoutItems.transactionCreatedAt, new Date(`${month}-01T00:00:00Z`)),
          lt(payoutItems.transactionCreatedAt, new Date('2025-10-01T00:00:00Z')),
        ),
      );
    const paidOut = items.reduce((sum, item) => sum + item.net, 0);
    expect(paidOut).toBe(statement.totals.netCents);
    expect(row.reconciliation.pending).toBe('0.00');
    expect(row.reconciliation.total).toBe(row.figures.net_deposited);
    const listed = row.reconciliation.payouts.reduce(
      (sum: number, p: { amount: string }) => sum + Math.round(Number(p.amount) * 100),
      0,
    );
    expect(listed).toBe(paidOut);
    const groups = await ctx.app.db.select().from(settlements).where(eq(settlements.clientId, harbor));
    const expectedGroups = groupSettlements(facts);
    for (const group of expectedGroups.filter((g) => g.settlementDate.startsWith(month))) {
      const posted = groups.find(
        (g) =>
          g.settlementDate === group.settlementDate &&
          g.processor === group.processor &&
          g.statementMonth === `${group.statementMonth}-01`,
      );
      expect(posted).toMatchObject({
        transactionCount: group.transactionCount,
        grossCents: group.grossCents,
        feeCents: group.feeCents,
        adjustmentsCents: group.adjustmentsCents,
        chargebacksCents: group.chargebacksCents,
        netCents: group.netCents,
      });
    }
  });
});

async function pdfText(body: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(body), useSystemFonts: false, verbosity: 0 }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim() !== '') lines.push(item.str);
  }
  return lines;
}

describe('GET /api/statement/pdf', () => {
  it('is a landscape PDF with the merchant, the period and every total of the grid, to the cent', async () => {
    const res = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/statement/pdf?year-month=${month}&merchant_id=${harbor}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocument({ data: new Uint8Array(body), verbosity: 0 }).promise;
    const viewport = (await pdf.getPage(1)).getViewport({ scale: 1 });
    expect(viewport.width).toBeGreaterThan(viewport.height);
    const text = await pdfText(body);
    const grid: StatementLineRow[] = (
      await callAs(ctx.app, demo.owner, 'GET', `/api/report/statement?month=${month}&clientid=${harbor}`)
    ).json().message;
    const [tab] = (
      await callAs(ctx.app, demo.owner, 'GET', `/api/statement?year-month=${month}&merchant_id=${harbor}`)
    ).json().message;
    expect(text).toContain(tab.merchant_name);
    expect(text).toContain('Period: September 2025');
    // The total row: the same sums as the grid's columns.
    const cents = (pick: (l: StatementLineRow) => string) =>
      grid.reduce((sum, line) => sum + Math.round(Number(pick(line)) * 100), 0);
    // The first cell reading exactly 'Total' opens the summary's total row.
    const totalRowIndex = text.indexOf('Total');
    expect(text.slice(totalRowIndex, totalRowIndex + 7)).toEqual([
      'Total',
      String(grid.reduce((sum, l) => sum + l.transactions, 0)),
      formatCentsAsMoney(cents((l) => l.gross)),
      formatCentsAsMoney(cents((l) => l.fees)),
      formatCentsAsMoney(cents((l) => l.flatfee)),
      formatCentsAsMoney(cents((l) => l.itemfee)),
      formatCentsAsMoney(cents((l) => l.net)),
    ]);
    // The Summary's total Net and Gross are the Month totals' Net and Total Amount: one of each.
    expect(formatCentsAsMoney(cents((l) => l.net))).toBe('$571.70');
    expect(formatCentsAsMoney(cents((l) => l.gross))).toBe('$579.84');
    for (const line of grid) expect(text).toContain(formatCentsAsMoney(Math.round(Number(line.net) * 100)));
    expect(text).toContain('-$25.00');
    // Every figure with its definition, and net deposited reconciled with the payouts line for line.
    for (const key of statementFigureKeys) {
      expect(text).toContain(StatementFigureText[key].label);
      expect(text).toContain(formatCentsAsMoney(Math.round(Number(tab.figures[key]) * 100)));
    }
    const pending = text.indexOf(ReconciliationText.Pending);
    expect(text.slice(pending, pending + 2)).toEqual([ReconciliationText.Pending, '$0.00']);
    const total = text.indexOf(ReconciliationText.Total);
    expect(text.slice(total, total + 2)).toEqual([
      ReconciliationText.Total,
      formatCentsAsMoney(Math.round(Number(tab.figures.net_deposited) * 100)),
    ]);
    for (const payout of tab.reconciliation.payouts) expect(text).toContain(payout.payout_date);
  });
  it('ends with the Notes line the page shows and the support disclaimer with the configured contact', async () => {
    const note = 'Card network fees rise on October 1.';
    expect(
      (await callAs(ctx.app, demo.admin, 'POST', '/api/notes/statement', { text: note })).statusCode,
    ).toBe(200);
    const notes: string[][] = (await callAs(ctx.app, demo.owner, 'GET', '/api/notes/statement')).json()
      .message;
    const res = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/statement/pdf?year-month=${month}&merchant_id=${harbor}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pdfText(res.rawPayload)).join(' ');
    expect(text).toContain(statementNotesLine(notes.map((n) => String(n[3]))));
    expect(text).toContain(note);
    expect(text).toContain(
      'Questions about your statement? Call support at 1-888-300-4100 or e-mail statements@portico.example.',
    );
    // The page prints the disclaimer the server answers: the PDF's, with the configured contact.
    const support = await callAs(ctx.app, demo.owner, 'GET', '/api/statement/support');
    expect(support.statusCode, support.body).toBe(200);
    expect(support.json().message).toEqual({
      phone: '1-888-300-4100',
      email: 'statements@portico.example',
      disclaimer:
        'Questions about your statement? Call support at 1-888-300-4100 or e-mail statements@portico.example.',
    });
    expect(text).toContain(support.json().message.disclaimer);
  });
});

describe('payouts', () => {
  it('lists the merchant payouts; the settlement group shows its transactions, and the admin total to admin only', async () => {
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/payouts?merchant_id=${harbor}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().message;
    expect(rows.map((r: { payout_date: string }) => r.payout_date)).toEqual([
      '2025-10-01',
      `${month}-16`,
      `${month}-16`,
      `${month}-03`,
    ]);
    const ach = rows.find(
      (r: { payout_details: { processor: string } }) => r.payout_details.processor === 'propay',
    );
    expect(ach.payout_details.amount).toBe('472.25');
    const own = await callAs(ctx.app, demo.owner, 'GET', `/api/payouts/${ach.payout_details.id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().message.transaction_details).toHaveLength(2);
    expect(
      own.json().message.transaction_details.map((t: { trans_description: string }) => t.trans_description),
    ).toEqual(['ACH ending 1111 (debit)', 'ACH ending 1111 (debit)']);
    expect(own.json().message.admin_line_item_total).toBeUndefined();
    const staff = await callAs(ctx.app, demo.admin, 'GET', `/api/payouts/${ach.payout_details.id}`);
    expect(staff.json().message.admin_line_item_total).toBe('2.75');
    expect(staff.json().message.settlement).toMatchObject({ net: '472.25', adjustments: '-25.00' });
  });
});

describe('bad input', () => {
  it('answers a clear error and changes nothing', async () => {
    const before = await countRows();
    const future = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/statement?year-month=2999-01&merchant_id=${harbor}`,
    );
    expect(future.statusCode).toBe(422);
    expect(future.json().error).toMatchObject({
      code: StatementErrorCode.MonthInFuture,
      message: 'Statements exist only for past months',
    });
    const malformed = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/report/statement?month=9&clientid=${harbor}`,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('Month must be MM or YYYY-MM');
    const otherMerchant = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/statement/pdf?year-month=${month}&merchant_id=${copper}`,
    );
    expect(otherMerchant.statusCode).toBe(403);
    const otherPayouts = await callAs(ctx.app, demo.owner, 'GET', `/api/payouts?merchant_id=${copper}`);
    expect(otherPayouts.statusCode).toBe(403);
    const copperPayout = (
      await callAs(ctx.app, demo.admin, 'GET', `/api/payouts?merchant_id=${copper}`)
    ).json().message[0];
    const foreign = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/payouts/${copperPayout.payout_details.id}`,
    );
    expect(foreign.statusCode).toBe(403);
    const staffWithout = await callAs(ctx.app, demo.admin, 'GET', `/api/statement?year-month=${month}`);
    expect(staffWithout.statusCode).toBe(422);
    expect(staffWithout.json().error.code).toBe(StatementErrorCode.MerchantRequired);
    expect(await countRows()).toEqual(before);
  });

  it('gives a merchant user its own statement without naming it', async () => {
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/report/statement?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const named = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/report/statement?month=${month}&clientid=${harbor}`,
    );
    expect(res.json().message).toEqual(named.json().message);
    expect(res.json().message.length).toBeGreaterThan(0);
  });
});
