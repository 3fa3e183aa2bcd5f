import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutLinesOfTransactions, payoutLinesSumCents } from '../statements/payout-lines';
import {
  groupSettlements,
  ledgerEffectOf,
  type StatementTransactionFacts,
} from '../statements/statement-rules';
import { netAmountCentsOfTransaction } from '../transactions/gross-net';
import { chargebackRowOf, disputeWonRowOf } from './dispute-rules';

// A settled card sale, and the reversals a dispute of it books (contracts chargebackRowOf and
// disputeWonRowOf), as the payout posting and the statement read them.
const facts = (
  actionMode: 'charge' | 'reversal',
  amountCents: number,
  feeCents: number,
): StatementTransactionFacts => ({
  actionMode,
  amountCents,
  feeCents,
  paymentStatus: true,
  proPayStatus: null,
  day: '2026-09-02',
  paymentMethod: 'card',
  cardBrand: 'VISA',
  processor: 'epx',
  settlementDate: '2026-09-03',
});

const payoutOf = (ledger: readonly StatementTransactionFacts[]) =>
  groupSettlements(ledger).reduce((sum, group) => sum + group.netCents, 0);

const sumEffects = (ledger: readonly StatementTransactionFacts[]) =>
  ledger
    .map(ledgerEffectOf)
    .reduce(
      (sum, e) => ({ chargebacks: sum.chargebacks + e.chargebacksCents, fees: sum.fees + e.feesCents }),
      { chargebacks: 0, fees: 0 },
    );

const dispute = fc.record({
  saleCents: fc.integer({ min: 1, max: 5_000_000 }),
  saleFeeCents: fc.integer({ min: 0, max: 50_000 }),
  chargebackFeeCents: fc.integer({ min: 0, max: 10_000 }),
  others: fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 8 }),
});

describe('the money of a dispute (property)', () => {
  it('opening takes the amount and the fee from the payout once; winning gives the amount back, the fee stays', () => {
    fc.assert(
      fc.property(dispute, ({ saleCents, saleFeeCents, chargebackFeeCents, others }) => {
        const base = [facts('charge', saleCents, saleFeeCents), ...others.map((a) => facts('charge', a, 0))];
        const debit = chargebackRowOf(saleCents, chargebackFeeCents);
        const credit = disputeWonRowOf(saleCents);
        const opened = [...base, facts('reversal', debit.amountCents, debit.feeCents)];
        const won = [...opened, facts('reversal', credit.amountCents, credit.feeCents)];

        expect(payoutOf(opened)).toBe(payoutOf(base) - saleCents - chargebackFeeCents);
        expect(payoutOf(won)).toBe(payoutOf(base) - chargebackFeeCents);
        // The statement's chargebacks figure and fees agree with the payouts.
        expect(sumEffects(opened).chargebacks).toBe(-saleCents);
        expect(sumEffects(won).chargebacks).toBe(0);
        expect(sumEffects(won).fees - sumEffects(base).fees).toBe(chargebackFeeCents);
        // The payout lines add up to the payout, dispute lines included.
        expect(payoutLinesSumCents(payoutLinesOfTransactions(won))).toBe(payoutOf(won));
        expect(won.reduce((sum, t) => sum + netAmountCentsOfTransaction(t), 0)).toBe(payoutOf(won));
      }),
    );
  });
});
