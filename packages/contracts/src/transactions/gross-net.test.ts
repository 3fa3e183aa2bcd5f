import { describe, expect, it } from 'vitest';
import {
  grossAmountCentsOfTransaction,
  isFailedPayment,
  netAmountCentsOfTransaction,
  returnedOrRejectedAchItemCents,
  type TransactionMoneyFacts,
} from './gross-net';
import { actionModes } from './transaction-enums';

const payment = (overrides: Partial<TransactionMoneyFacts> = {}): TransactionMoneyFacts => ({
  actionMode: 'charge',
  amountCents: 10_000,
  feeCents: 320,
  paymentStatus: true,
  proPayStatus: null,
  ...overrides,
});

describe('gross amount', () => {
  it.each(['settle', 'debit', 'charge', 'apple_pay'] as const)('%s adds the amount', (actionMode) => {
    expect(grossAmountCentsOfTransaction(payment({ actionMode }))).toBe(10_000);
  });

  it.each([
    'refund',
    'void',
    'blind_refund',
    'reversal',
    'credit',
  ] as const)('%s subtracts the amount', (actionMode) => {
    expect(grossAmountCentsOfTransaction(payment({ actionMode }))).toBe(-10_000);
  });

  it.each([
    'terminal_void',
    'terminal_refund',
  ] as const)('%s subtracts the amount, like void and refund (Portico keeps each undo as its own row)', (actionMode) => {
    expect(grossAmountCentsOfTransaction(payment({ actionMode }))).toBe(-10_000);
  });

  it('gives every action mode a sign, so a new mode cannot slip through as zero unnoticed', () => {
    const zeroModes = actionModes.filter(
      (actionMode) => grossAmountCentsOfTransaction(payment({ actionMode })) === 0,
    );
    expect(zeroModes).toEqual([]);
  });

  it('counts nothing without an action mode (a batch-close record)', () => {
    expect(grossAmountCentsOfTransaction(payment({ actionMode: null }))).toBe(0);
  });

  it.each([false, 'false', 'FALSE'])('failed payments give nothing (payment_status %s)', (paymentStatus) => {
    expect(grossAmountCentsOfTransaction(payment({ paymentStatus }))).toBe(0);
    expect(grossAmountCentsOfTransaction(payment({ paymentStatus, actionMode: 'refund' }))).toBe(0);
  });

  it.each([true, 'true', null])('payment_status %s is not a failure', (paymentStatus) => {
    expect(grossAmountCentsOfTransaction(payment({ paymentStatus }))).toBe(10_000);
  });

  it.each([
    'ACHInReturned',
    'ACHInRejected',
  ] as const)('a %s item counts -25.00 whatever its amount', (proPayStatus) => {
    expect(returnedOrRejectedAchItemCents).toBe(-2500);
    expect(grossAmountCentsOfTransaction(payment({ actionMode: 'debit', proPayStatus }))).toBe(-2500);
    expect(
      grossAmountCentsOfTransaction(payment({ actionMode: 'debit', proPayStatus, amountCents: 1 })),
    ).toBe(-2500);
  });

  it('a rejected ACH item counts -25.00 even when its payment status is false', () => {
    const rejected = payment({ actionMode: 'debit', proPayStatus: 'ACHInRejected', paymentStatus: false });
    expect(grossAmountCentsOfTransaction(rejected)).toBe(-2500);
  });

  it('a card debit voided at ProPay (CCDebitVoided) follows its action mode', () => {
    expect(grossAmountCentsOfTransaction(payment({ proPayStatus: 'CCDebitVoided' }))).toBe(10_000);
  });
});

describe('net amount (the fee is subtracted on additions)', () => {
  it('subtracts the fee from an addition', () => {
    expect(netAmountCentsOfTransaction(payment())).toBe(9_680);
    expect(netAmountCentsOfTransaction(payment({ actionMode: 'apple_pay', feeCents: 0 }))).toBe(10_000);
  });

  it('does not subtract a fee from a subtraction', () => {
    expect(netAmountCentsOfTransaction(payment({ actionMode: 'refund', feeCents: 50 }))).toBe(-10_000);
  });

  it('gives nothing for a failed payment, even one carrying a decline fee', () => {
    expect(netAmountCentsOfTransaction(payment({ paymentStatus: false, feeCents: 25 }))).toBe(0);
  });

  it('counts a returned or rejected ACH item as -25.00 in net too', () => {
    expect(netAmountCentsOfTransaction(payment({ actionMode: 'debit', proPayStatus: 'ACHInReturned' }))).toBe(
      -2500,
    );
  });
});

describe('isFailedPayment', () => {
  it.each([
    [false, true],
    ['false', true],
    [' False ', true],
    [true, false],
    ['true', false],
    [null, false],
  ] as const)('%s -> %s', (status, failed) => {
    expect(isFailedPayment(status)).toBe(failed);
  });
});
