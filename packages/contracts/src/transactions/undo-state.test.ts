import { describe, expect, it } from 'vitest';
import { moneyFactsOfTransaction, transactionSchema, undoFactsOfTransaction } from './transaction';
import { buildWireTransaction } from './transaction.factory';
import {
  canStillBeRefunded,
  canStillBeVoided,
  signedAmountCents,
  UndoStateLabel,
  undoStateOf,
} from './undo-state';

describe('undoStateOf: what happened to a transaction after it was made', () => {
  it('is none, with everything refundable, while nothing undid it', () => {
    const state = undoStateOf(10_000, []);
    expect(state).toEqual({ kind: 'none', voidedCents: 0, refundedCents: 0, refundableCents: 10_000 });
    expect(canStillBeVoided(state)).toBe(true);
    expect(canStillBeRefunded(state)).toBe(true);
  });

  it('is Voided after a void, with nothing left to void or refund', () => {
    const state = undoStateOf(10_000, [{ type: 'void', amountCents: 10_000 }]);
    expect(state.kind).toBe('voided');
    expect(UndoStateLabel.voided).toBe('Voided');
    expect(state.refundableCents).toBe(0);
    expect(canStillBeVoided(state)).toBe(false);
    expect(canStillBeRefunded(state)).toBe(false);
  });

  it('is Partially refunded with the amount left, and no longer voidable', () => {
    const state = undoStateOf(10_000, [
      { type: 'refund', amountCents: 2_500 },
      { type: 'ach_refund', amountCents: 500 },
    ]);
    expect(state).toEqual({
      kind: 'partially_refunded',
      voidedCents: 0,
      refundedCents: 3_000,
      refundableCents: 7_000,
    });
    expect(canStillBeVoided(state)).toBe(false);
    expect(canStillBeRefunded(state)).toBe(true);
  });

  it('is Refunded once the refunds reach the amount', () => {
    const state = undoStateOf(10_000, [
      { type: 'refund', amountCents: 4_000 },
      { type: 'refund', amountCents: 6_000 },
    ]);
    expect(state.kind).toBe('refunded');
    expect(canStillBeRefunded(state)).toBe(false);
  });

  it('reads undone_by from the wire transaction', () => {
    const transaction = transactionSchema.parse(
      buildWireTransaction({
        undone_by: [
          {
            id: '0b7e8f8e-4a44-4a5e-9d2c-9a1c5d2e7f10',
            type: 'refund',
            amount: '40.00',
            created_at: '2025-07-16T10:00:00.000Z',
          },
        ],
      }),
    );
    const state = undoStateOf(10_000, undoFactsOfTransaction(transaction));
    expect(state).toMatchObject({ kind: 'partially_refunded', refundableCents: 6_000 });
  });

  it('refuses an empty undone_by list: absent means nothing undid it', () => {
    expect(transactionSchema.safeParse(buildWireTransaction({ undone_by: [] })).success).toBe(false);
  });
});

describe('signedAmountCents: voids, refunds and credits read negative', () => {
  const signed = (overrides: Parameters<typeof buildWireTransaction>[0]) => {
    const transaction = buildWireTransaction(overrides);
    return signedAmountCents(moneyFactsOfTransaction(transaction), transaction.type);
  };

  it('keeps a sale positive, even when it failed', () => {
    expect(signed({})).toBe(10_000);
    expect(signed({ payment_status: false })).toBe(10_000);
  });

  it.each([
    ['void', 'void'],
    ['refund', 'refund'],
    ['ach_refund', 'credit'],
    ['reversal', 'reversal'],
    ['blind_refund', 'blind_refund'],
  ] as const)('a %s (%s) is negative', (type, action_mode) => {
    expect(signed({ type, action_mode })).toBe(-10_000);
  });

  it('signs a row without an action mode by its type', () => {
    expect(signed({ type: 'credit', action_mode: null })).toBe(-10_000);
    expect(signed({ type: 'batch', action_mode: null })).toBe(10_000);
  });
});
