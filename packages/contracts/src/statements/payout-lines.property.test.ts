import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netAmountCentsOfTransaction } from '../transactions/gross-net';
import { actionModes } from '../transactions/transaction-enums';
import {
  type PayoutLine,
  payoutItemOf,
  payoutLinesOfItem,
  payoutLinesOfTransactions,
  payoutLinesSumCents,
  payoutLineTotals,
} from './payout-lines';
import { groupSettlements, type StatementTransactionFacts } from './statement-rules';

// One settlement group's transactions: any action mode, status and processor answer, all settled by
// one processor on one day, as the payout posting groups them.
const settledTransaction = fc.record({
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
    { freq: 6 },
  ),
  day: fc.constant('2026-09-02'),
  paymentMethod: fc.constantFrom('card', 'check', 'crypto'),
  cardBrand: fc.option(fc.constantFrom('VISA', 'MC', 'AMEX'), { freq: 5 }),
  processor: fc.constant('epx'),
  settlementDate: fc.constant('2026-09-03'),
});

const refundOf = (amountCents: number): StatementTransactionFacts => ({
  actionMode: 'refund',
  amountCents,
  feeCents: 0,
  paymentStatus: true,
  proPayStatus: null,
  day: '2026-09-02',
  paymentMethod: 'card',
  cardBrand: 'VISA',
  processor: 'epx',
  settlementDate: '2026-09-03',
});

const payoutAmountOf = (ledger: readonly StatementTransactionFacts[]) =>
  groupSettlements(ledger).reduce((sum, group) => sum + group.netCents, 0);

const countOf = (lines: readonly PayoutLine[], line: PayoutLine) =>
  lines.filter((l) => l.kind === line.kind && l.amountCents === line.amountCents).length;

describe('payout lines (property)', () => {
  it('add up to the payout of their settlement group, to the cent, and so do their totals by kind', () => {
    fc.assert(
      fc.property(fc.array(settledTransaction, { maxLength: 200 }), (ledger) => {
        const lines = payoutLinesOfTransactions(ledger);
        expect(payoutLinesSumCents(lines)).toBe(payoutAmountOf(ledger));
        expect(payoutLinesSumCents(payoutLineTotals(lines))).toBe(payoutAmountOf(ledger));
        expect(payoutLineTotals(lines).reduce((n, total) => n + total.count, 0)).toBe(lines.length);
      }),
      { numRuns: 300 },
    );
  });

  it('give each transaction lines that add up to its net amount', () => {
    fc.assert(
      fc.property(settledTransaction, (t) => {
        expect(payoutLinesSumCents(payoutLinesOfItem(payoutItemOf(t)))).toBe(netAmountCentsOfTransaction(t));
      }),
      { numRuns: 500 },
    );
  });

  it('sign sales positive and refunds, voids, chargebacks, fees and adjustments negative', () => {
    fc.assert(
      fc.property(fc.array(settledTransaction, { maxLength: 50 }), (ledger) => {
        for (const line of payoutLinesOfTransactions(ledger)) {
          if (line.kind === 'sale') expect(line.amountCents).toBeGreaterThanOrEqual(0);
          else expect(line.amountCents).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('move the sum by exactly a refund once: one more negative refund line of its amount', () => {
    fc.assert(
      fc.property(
        fc.array(settledTransaction, { maxLength: 100 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.nat(),
        (ledger, refundCents, at) => {
          const refund = refundOf(refundCents);
          const index = ledger.length === 0 ? 0 : at % (ledger.length + 1);
          const withRefund = [...ledger.slice(0, index), refund, ...ledger.slice(index)];
          const before = payoutLinesOfTransactions(ledger);
          const after = payoutLinesOfTransactions(withRefund);
          expect(payoutLinesSumCents(after) - payoutLinesSumCents(before)).toBe(-refundCents);
          expect(payoutAmountOf(withRefund) - payoutAmountOf(ledger)).toBe(-refundCents);
          expect(after).toHaveLength(before.length + 1);
          const refundLine: PayoutLine = { kind: 'refund', amountCents: -refundCents };
          expect(countOf(after, refundLine)).toBe(countOf(before, refundLine) + 1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('payout lines of an item', () => {
  it('split a sale into its amount and a negative fee, and show what was posted', () => {
    expect(payoutLinesOfItem({ kind: 'sale', authAmountCents: 10_000, netAmountCents: 9_680 })).toEqual([
      { kind: 'sale', amountCents: 10_000 },
      { kind: 'fee', amountCents: -320 },
    ]);
    expect(payoutLinesOfItem({ kind: 'sale', authAmountCents: 500, netAmountCents: 500 })).toEqual([
      { kind: 'sale', amountCents: 500 },
    ]);
    expect(payoutLinesOfItem({ kind: 'adjustment', authAmountCents: 7_500, netAmountCents: -2_500 })).toEqual(
      [{ kind: 'adjustment', amountCents: -2_500 }],
    );
    expect(payoutLinesOfItem({ kind: 'void', authAmountCents: 700, netAmountCents: -700 })).toEqual([
      { kind: 'void', amountCents: -700 },
    ]);
    expect(payoutLinesOfItem({ kind: null, authAmountCents: 900, netAmountCents: 0 })).toEqual([]);
    expect(payoutLinesOfItem({ kind: null, authAmountCents: 900, netAmountCents: -2_500 })).toEqual([
      { kind: 'adjustment', amountCents: -2_500 },
    ]);
  });
});
