import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netAmountCentsOfTransaction } from '../transactions/gross-net';
import { type SearchTotalsItem, searchTotals } from '../transactions/search-totals';
import { payoutLinesOfTransactions, payoutLinesSumCents } from './payout-lines';
import {
  computeStatement,
  grossSplitOf,
  groupSettlements,
  isCountedOnStatement,
  isDepositedTransaction,
  isSettledTransaction,
  reconcilePayouts,
  type StatementFigures,
  type StatementPricing,
  type StatementTransactionFacts,
  statementFiguresOf,
  statementLineTotals,
} from './statement-rules';

// A month of one merchant's transactions as they happen: card, ACH, crypto and cash sales, refunds,
// voids (also at the terminal), credits, chargebacks, returned ACH items, declines and batch records;
// settled one to five days later by a processor (cash never; a few never settle).
const month = '2026-11';
const dayOf = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

type MonthTransaction = StatementTransactionFacts & { status: string };

const transaction: fc.Arbitrary<MonthTransaction> = fc
  .record({
    day: fc.integer({ min: 1, max: 30 }).map(dayOf),
    kind: fc.constantFrom(
      'sale',
      'sale',
      'sale',
      'refund',
      'void',
      'terminal_void',
      'terminal_refund',
      'credit',
      'reversal',
      'returned',
      'declined',
      'batch',
    ),
    paymentMethod: fc.constantFrom('card', 'card', 'check', 'cash', 'crypto'),
    cardBrand: fc.option(fc.constantFrom('VISA', 'MC', 'AMEX'), { freq: 5 }),
    amountCents: fc.integer({ min: 1, max: 2_000_000 }),
    feeCents: fc.integer({ min: 0, max: 20_000 }),
    processor: fc.option(fc.constantFrom('epx', 'fis', 'propay'), { freq: 10 }),
    settleAfter: fc.integer({ min: 1, max: 5 }),
    paymentStatus: fc.constantFrom<StatementTransactionFacts['paymentStatus']>(true, null, 'true'),
  })
  .map((r) => {
    const actionMode =
      r.kind === 'sale' || r.kind === 'returned' || r.kind === 'declined'
        ? ('charge' as const)
        : r.kind === 'batch'
          ? null
          : r.kind;
    const isCash = r.paymentMethod === 'cash';
    const isDeclined = r.kind === 'declined';
    return {
      actionMode,
      amountCents: r.amountCents,
      feeCents: isCash ? 0 : r.feeCents,
      // A decline is a failed payment the processor said no to; a returned item went through first.
      paymentStatus: isDeclined ? false : r.paymentStatus,
      proPayStatus: r.kind === 'returned' ? ('ACHInReturned' as const) : null,
      status: isDeclined ? 'Declined' : r.kind === 'returned' ? 'Returned' : 'Approved',
      day: r.day,
      paymentMethod: r.kind === 'returned' ? 'check' : r.paymentMethod,
      cardBrand: r.paymentMethod === 'card' ? r.cardBrand : null,
      processor: isCash ? null : r.processor,
      settlementDate: isCash || isDeclined ? null : addDays(r.day, r.settleAfter),
    };
  });

const pricing: fc.Arbitrary<StatementPricing> = fc.record({
  cardRate: fc.constantFrom('2.90+0.30', 'IC+10bps+5c', null),
  achRate: fc.constantFrom('0.75+0.25', null),
  cryptoRate: fc.constantFrom('1.00+0.00', null),
  monthlyFeeCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
  pciFeeCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
  regFeeCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
  monthlyMinCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
});

// The day the payout job has posted through: from mid-month to well after every settlement.
const settledThrough = fc.integer({ min: 15, max: 45 }).map((n) => addDays(dayOf(1), n - 1));

function figuresOf(ledger: readonly StatementTransactionFacts[], p: StatementPricing): StatementFigures {
  const statement = computeStatement(ledger, p);
  return statementFiguresOf(statement.lines, grossSplitOf(statement.totals));
}

// The Transactions report over the month's days: the one totals rule of the report pages.
function reportTotals(ledger: readonly MonthTransaction[]) {
  return searchTotals(
    ledger.map(
      (t): SearchTotalsItem => ({
        facts: t,
        hasFee: true,
        status: t.status,
      }),
    ),
  );
}

// What the payouts posted through a day leave pending: deposited transactions in no payout yet.
function pendingCentsOf(ledger: readonly StatementTransactionFacts[], through: string): number {
  return ledger
    .filter((t) => isCountedOnStatement(t) && isDepositedTransaction(t))
    .filter((t) => !isSettledTransaction(t) || (t.settlementDate ?? '') > through)
    .reduce((sum, t) => sum + netAmountCentsOfTransaction(t), 0);
}

describe('statement figures (property)', () => {
  it('net deposited is the month’s payouts plus what is pending, to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(transaction, { maxLength: 150 }),
        pricing,
        settledThrough,
        (ledger, p, through) => {
          const figures = figuresOf(ledger, p);
          const payouts = groupSettlements(ledger, through).filter((g) => g.statementMonth === month);
          const reconciliation = reconcilePayouts(
            payouts.map((g) => ({
              payoutDate: g.settlementDate,
              processor: g.processor,
              amountCents: g.netCents,
            })),
            pendingCentsOf(ledger, through),
          );
          expect(reconciliation.totalCents).toBe(figures.netDepositedCents);
          // Cash is recorded apart and never paid out.
          const cash = ledger.filter((t) => t.paymentMethod === 'cash' && isCountedOnStatement(t));
          expect(figures.cashRecordedCents).toBe(
            cash.reduce((s, t) => s + netAmountCentsOfTransaction(t), 0),
          );
          expect(figures.netDepositedCents).toBe(figures.netCents - figures.cashRecordedCents);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('each payout is the sum of its lines', () => {
    fc.assert(
      fc.property(fc.array(transaction, { maxLength: 150 }), (ledger) => {
        for (const group of groupSettlements(ledger)) {
          const paid = ledger.filter(
            (t) =>
              isSettledTransaction(t) &&
              t.settlementDate === group.settlementDate &&
              t.processor === group.processor &&
              t.day.startsWith(group.statementMonth),
          );
          expect(payoutLinesSumCents(payoutLinesOfTransactions(paid))).toBe(group.netCents);
          expect(paid.some((t) => t.paymentMethod === 'cash')).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gross and net are the Transactions report’s over the same days, and the Summary and Month totals agree', () => {
    fc.assert(
      fc.property(fc.array(transaction, { maxLength: 150 }), pricing, (ledger, p) => {
        const statement = computeStatement(ledger, p);
        const figures = statementFiguresOf(statement.lines, grossSplitOf(statement.totals));
        const report = reportTotals(ledger);
        expect(figures.grossCents).toBe(report.grossCents);
        expect(figures.netCents).toBe(report.netCents);
        // One gross and one net on the page: the Summary's total row and the Month totals.
        const summary = statementLineTotals(statement.lines);
        expect(summary.grossCents).toBe(statement.totals.totalAmountCents);
        expect(statement.totals.totalAmountCents).toBe(figures.grossCents);
        expect(summary.netCents).toBe(statement.totals.netCents);
        expect(statement.totals.netCents).toBe(figures.netCents);
        // The parts add up to the gross, and the fees split into their four kinds.
        expect(
          figures.grossSalesCents +
            figures.refundsAndVoidsCents +
            figures.chargebacksAndReversalsCents +
            figures.adjustmentsCents,
        ).toBe(figures.grossCents);
        expect(figures.grossCents + figures.perTransactionFeesCents + figures.itemFeesCents).toBe(
          figures.netCents,
        );
        expect(
          -(
            figures.perTransactionFeesCents +
            figures.itemFeesCents +
            figures.flatFeesCents +
            figures.monthlyFeesCents
          ),
        ).toBe(statement.totals.totalFeesCents);
        for (const key of [
          'refundsAndVoidsCents',
          'chargebacksAndReversalsCents',
          'adjustmentsCents',
          'perTransactionFeesCents',
          'itemFeesCents',
          'flatFeesCents',
          'monthlyFeesCents',
        ] as const) {
          expect(figures[key]).toBeLessThanOrEqual(0);
        }
        expect(figures.grossSalesCents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('a refund or a void moves each figure exactly once, by its amount', () => {
    fc.assert(
      fc.property(
        fc.array(transaction, { maxLength: 100 }),
        pricing,
        fc.constantFrom('refund', 'void', 'terminal_void', 'terminal_refund'),
        fc.constantFrom('card', 'check', 'cash'),
        fc.integer({ min: 1, max: 2_000_000 }),
        (ledger, p, actionMode, paymentMethod, amountCents) => {
          const undo: MonthTransaction = {
            actionMode,
            amountCents,
            feeCents: 0,
            paymentStatus: true,
            proPayStatus: null,
            status: 'Approved',
            day: dayOf(20),
            paymentMethod,
            cardBrand: paymentMethod === 'card' ? 'VISA' : null,
            processor: paymentMethod === 'cash' ? null : 'epx',
            settlementDate: paymentMethod === 'cash' ? null : dayOf(21),
          };
          const before = figuresOf(ledger, p);
          const after = figuresOf([...ledger, undo], p);
          const isCash = paymentMethod === 'cash';
          const moved = (Object.keys(before) as (keyof StatementFigures)[]).filter(
            (key) => after[key] !== before[key],
          );
          expect(moved.sort()).toEqual(
            [
              'refundsAndVoidsCents',
              'grossCents',
              'netCents',
              isCash ? 'cashRecordedCents' : 'netDepositedCents',
            ].sort(),
          );
          for (const key of moved) expect(after[key] - before[key]).toBe(-amountCents);
          expect(reportTotals([...ledger, undo]).grossCents - reportTotals(ledger).grossCents).toBe(
            -amountCents,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
