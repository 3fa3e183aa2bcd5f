import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netAmountCentsOfTransaction } from '../transactions/gross-net';
import { actionModes } from '../transactions/transaction-enums';
import {
  computeStatement,
  FlatFeeLineType,
  groupSettlements,
  isSettledTransaction,
  ledgerEffectOf,
  lineSumsOfGroups,
  parsePricingString,
  processorFeeRowsOf,
  type StatementPricing,
  type StatementTransactionFacts,
  splitLineFees,
  statementLineTotals,
  statementLineTypeOf,
  statementOfLineSums,
  type TransactionGroupFacts,
} from './statement-rules';

const noPricing: StatementPricing = {
  cardRate: null,
  achRate: null,
  cryptoRate: null,
  monthlyFeeCents: null,
  pciFeeCents: null,
  regFeeCents: null,
  monthlyMinCents: null,
};

function buildFacts(overrides: Partial<StatementTransactionFacts> = {}): StatementTransactionFacts {
  return {
    actionMode: 'charge',
    amountCents: 10_000,
    feeCents: 320,
    paymentStatus: true,
    proPayStatus: null,
    day: '2026-10-05',
    paymentMethod: 'card',
    cardBrand: 'VISA',
    processor: 'epx',
    settlementDate: '2026-10-06',
    ...overrides,
  };
}

describe('pricing strings', () => {
  it('reads percent plus item and interchange-plus', () => {
    expect(parsePricingString('2.90+0.30')).toEqual({
      kind: 'flat',
      percentMilliBps: 290_000,
      itemCents: 30,
    });
    expect(parsePricingString('IC+10bps+5c')).toEqual({
      kind: 'interchange_plus',
      markupMilliBps: 10_000,
      itemCents: 5,
    });
    expect(parsePricingString('cheap')).toBeNull();
    expect(parsePricingString(null)).toBeNull();
  });

  it('splits a line fee into items and rate, never more items than charged', () => {
    expect(splitLineFees(1000, 10, parsePricingString('2.90+0.30'))).toEqual({
      itemFeeCents: 300,
      rateFeeCents: 700,
    });
    expect(splitLineFees(100, 10, parsePricingString('2.90+0.30'))).toEqual({
      itemFeeCents: 100,
      rateFeeCents: 0,
    });
    expect(splitLineFees(100, 10, null)).toEqual({ itemFeeCents: 0, rateFeeCents: 100 });
  });
});

describe('ledger effects', () => {
  it('files sales, refunds, returned ACH items and reversals apart', () => {
    expect(ledgerEffectOf(buildFacts())).toMatchObject({ salesCents: 10_000, feesCents: 320, feeItems: 1 });
    expect(ledgerEffectOf(buildFacts({ actionMode: 'refund' }))).toMatchObject({
      refundsCents: -10_000,
      feesCents: 0,
    });
    expect(ledgerEffectOf(buildFacts({ actionMode: 'reversal' }))).toMatchObject({
      chargebacksCents: -10_000,
    });
    expect(ledgerEffectOf(buildFacts({ proPayStatus: 'ACHInReturned', paymentStatus: false }))).toMatchObject(
      {
        adjustmentsCents: -2500,
        salesCents: 0,
      },
    );
    expect(ledgerEffectOf(buildFacts({ paymentStatus: false }))).toMatchObject({
      salesCents: 0,
      feesCents: 0,
    });
  });

  it('names lines by brand, ACH, Crypto and Cash', () => {
    expect(statementLineTypeOf('card', 'visa')).toBe('VISA');
    expect(statementLineTypeOf('check', null)).toBe('ACH');
    expect(statementLineTypeOf('crypto', null)).toBe('Crypto');
    expect(statementLineTypeOf('cash', null)).toBe('Cash');
  });
});

describe('computeStatement', () => {
  it('prints lines by type and pricing, the Schedule A fees and the monthly minimum shortfall', () => {
    const statement = computeStatement(
      [
        buildFacts(),
        buildFacts({ cardBrand: 'MC', amountCents: 5000, feeCents: 175 }),
        buildFacts({ actionMode: 'refund', amountCents: 2000, feeCents: 0 }),
        buildFacts({ paymentMethod: 'check', cardBrand: null, amountCents: 20_000, feeCents: 100 }),
        buildFacts({ paymentStatus: false }),
      ],
      {
        ...noPricing,
        cardRate: '2.90+0.30',
        achRate: '0.50+0.00',
        monthlyFeeCents: 1000,
        monthlyMinCents: 2500,
      },
    );
    expect(statement.lines).toEqual([
      {
        type: 'ACH',
        pricing: '0.50+0.00',
        transactionCount: 1,
        grossCents: 20_000,
        feesCents: 100,
        flatFeeCents: 0,
        itemFeeCents: 0,
        netCents: 19_900,
      },
      {
        type: 'MC',
        pricing: '2.90+0.30',
        transactionCount: 1,
        grossCents: 5000,
        feesCents: 145,
        flatFeeCents: 0,
        itemFeeCents: 30,
        netCents: 4825,
      },
      {
        type: 'VISA',
        pricing: '2.90+0.30',
        transactionCount: 2,
        grossCents: 8000,
        feesCents: 290,
        flatFeeCents: 0,
        itemFeeCents: 30,
        netCents: 7680,
      },
      {
        type: FlatFeeLineType.MonthlyFee,
        pricing: null,
        transactionCount: 0,
        grossCents: 0,
        feesCents: 0,
        flatFeeCents: 1000,
        itemFeeCents: 0,
        netCents: 0,
      },
      {
        type: FlatFeeLineType.MonthlyMinimum,
        pricing: null,
        transactionCount: 0,
        grossCents: 0,
        feesCents: 0,
        flatFeeCents: 2500 - 595,
        itemFeeCents: 0,
        netCents: 0,
      },
    ]);
    expect(statement.totals).toEqual({
      totalTransactions: 4,
      totalAmountCents: 33_000,
      totalFeesCents: 595 + 1000 + 1905,
      totalAdjustmentsCents: 0,
      chargebacksAndReversalsCents: 0,
      refundsAndVoidsCents: -2000,
      // The flat fees are billed, not part of the net.
      netCents: 33_000 - 595,
    });
  });
});

// A generated ledger: any action mode, status and processor answer, brands and methods, settled or not.
const transactionFacts = fc.record({
  actionMode: fc.option(fc.constantFrom(...actionModes), { freq: 8 }),
  amountCents: fc.integer({ min: 1, max: 5_000_000 }),
  feeCents: fc.integer({ min: 0, max: 50_000 }),
  paymentStatus: fc.constantFrom<StatementTransactionFacts['paymentStatus']>(
    true,
    false,
    null,
    'false',
    'true',
  ),
  proPayStatus: fc.option(
    fc.constantFrom('ACHInReturned' as const, 'ACHInRejected' as const, 'CCDebitVoided' as const),
    {
      freq: 6,
    },
  ),
  day: fc.integer({ min: 1, max: 30 }).map((d) => `2026-09-${String(d).padStart(2, '0')}`),
  paymentMethod: fc.constantFrom('card', 'check', 'cash', 'crypto'),
  cardBrand: fc.option(fc.constantFrom('VISA', 'MC', 'AMEX', 'DISC'), { freq: 5 }),
  processor: fc.option(fc.constantFrom('epx', 'fis', 'propay'), { freq: 6 }),
  settlementDate: fc.option(
    fc
      .integer({ min: 2, max: 31 })
      .map((d) => (d === 31 ? '2026-10-01' : `2026-09-${String(d).padStart(2, '0')}`)),
    { freq: 5 },
  ),
});

const pricingFacts = fc.record({
  cardRate: fc.constantFrom('2.90+0.30', 'IC+10bps+5c', '2.59+0.10', null),
  achRate: fc.constantFrom('0.75+0.25', null),
  cryptoRate: fc.constantFrom('1.00+0.00', null),
  monthlyFeeCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
  pciFeeCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
  regFeeCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
  monthlyMinCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
});

describe('the books balance (property)', () => {
  it('gross minus refunds, fees, adjustments and chargebacks equals the net paid out, to the cent', () => {
    fc.assert(
      fc.property(fc.array(transactionFacts, { maxLength: 200 }), pricingFacts, (ledger, pricing) => {
        const statement = computeStatement(ledger, pricing);
        const groups = groupSettlements(ledger);
        const netOfEveryTransaction = ledger.reduce((sum, t) => sum + netAmountCentsOfTransaction(t), 0);
        const effects = ledger.map(ledgerEffectOf);
        const sum = (pick: (e: (typeof effects)[number]) => number) =>
          effects.reduce((s, e) => s + pick(e), 0);
        // The books: every figure comes from the same transactions.
        const booksNet =
          sum((e) => e.salesCents) +
          sum((e) => e.refundsCents) -
          sum((e) => e.feesCents) +
          sum((e) => e.adjustmentsCents) +
          sum((e) => e.chargebacksCents);
        expect(booksNet).toBe(netOfEveryTransaction);
        // Paid out: the settlement groups, plus what is not settled through a processor (cash among it).
        const unsettled = ledger
          .filter((t) => !isSettledTransaction(t))
          .reduce((s, t) => s + netAmountCentsOfTransaction(t), 0);
        const paidOut = groups.reduce((s, g) => s + g.netCents, 0);
        expect(paidOut + unsettled).toBe(booksNet);
        // The statement: its net is the net of its transactions; the flat fees are billed apart.
        expect(statement.totals.netCents).toBe(booksNet);
        expect(statement.processingFeesCents).toBe(sum((e) => e.feesCents));
        // Lines, daily rows and settlement groups each add up to the same totals.
        const lineTotals = statementLineTotals(statement.lines);
        expect(lineTotals.netCents).toBe(statement.totals.netCents);
        expect(lineTotals.feesCents + lineTotals.itemFeeCents + lineTotals.flatFeeCents).toBe(
          statement.totals.totalFeesCents,
        );
        expect(lineTotals.transactionCount).toBe(statement.totals.totalTransactions);
        const dailyNet = statement.daily.reduce(
          (s, d) =>
            s + d.totalProcessedCents - d.totalFeesCents + d.totalAdjustmentsCents + d.totalChargebacksCents,
          0,
        );
        expect(dailyNet).toBe(booksNet);
        for (const g of groups) {
          expect(g.grossCents - g.feeCents + g.adjustmentsCents + g.chargebacksCents).toBe(g.netCents);
        }
        // Grouped as one SQL GROUP BY returns them, the same lines.
        const byFacts = new Map<string, TransactionGroupFacts & { type: string }>();
        for (const t of ledger) {
          const type = statementLineTypeOf(t.paymentMethod, t.cardBrand);
          const key = JSON.stringify([type, t.actionMode, t.paymentStatus, t.proPayStatus]);
          const g = byFacts.get(key) ?? {
            type,
            actionMode: t.actionMode,
            paymentStatus: t.paymentStatus,
            proPayStatus: t.proPayStatus,
            count: 0,
            amountCents: 0,
            feeCents: 0,
            feeItemCount: 0,
          };
          g.count += 1;
          g.amountCents += t.amountCents;
          g.feeCents += t.feeCents;
          g.feeItemCount += t.feeCents > 0 ? 1 : 0;
          byFacts.set(key, g);
        }
        expect(statementOfLineSums(lineSumsOfGroups([...byFacts.values()]), pricing).lines).toEqual(
          statement.lines,
        );
        for (const line of statement.lines) {
          expect(line.grossCents - line.feesCents - line.itemFeeCents).toBe(line.netCents);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('processor fee rows', () => {
  it('prints each processor and type with its rate and item fee, adding up to the fees', () => {
    const rows = processorFeeRowsOf(
      [
        { processor: 'epx', type: 'VISA', salesCount: 3, salesCents: 30_000, feesCents: 960 },
        { processor: 'epx', type: 'ACH', salesCount: 1, salesCents: 0, feesCents: 0 },
      ],
      { ...noPricing, cardRate: '2.90+0.30' },
      '2026-10-31',
    );
    expect(rows).toEqual([
      {
        processor: 'epx',
        statementDate: '2026-10-31',
        detailDescription: 'EPX VISA Discount',
        itemCount: 3,
        volumeCents: 30_000,
        ratePercent: '2.9000',
        perItemCents: 30,
        totalCents: 960,
      },
    ]);
    expect(
      processorFeeRowsOf(
        [{ processor: 'fis', type: 'MC', salesCount: 1, salesCents: 100, feesCents: 7 }],
        { ...noPricing, cardRate: 'IC+10bps+5c' },
        '2026-10-31',
      )[0],
    ).toMatchObject({ detailDescription: 'FIS MC Interchange Plus', ratePercent: '0.1000', perItemCents: 5 });
  });
});
