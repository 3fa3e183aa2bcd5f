import { describe, expect, it } from 'vitest';
import { transactionTypes } from './transaction-enums';
import { transactionStatusLabel, transactionTypeLabel, transactionTypeLabels } from './transaction-labels';

describe('transaction types as words', () => {
  it('names the sales people read first', () => {
    expect(transactionTypeLabel('cc')).toBe('Card sale');
    expect(transactionTypeLabel('ach')).toBe('ACH debit');
    expect(transactionTypeLabel('debit')).toBe('ACH debit');
    expect(transactionTypeLabel('ach_refund')).toBe('ACH refund');
    expect(transactionTypeLabel('void')).toBe('Void');
  });

  it('has words, not codes, for every type', () => {
    for (const type of transactionTypes) {
      expect(transactionTypeLabels[type]).toMatch(/^[A-Z][A-Za-z ]+$/);
    }
  });
});

describe('transaction statuses as words', () => {
  it.each([
    ['Approved', true, 'Approved'],
    ['APPROVED', true, 'Approved'],
    [' declined ', false, 'Declined'],
    ['IN_REVIEW', true, 'In review'],
    [null, true, 'Approved'],
    [null, 'false', 'Declined'],
    [null, null, 'Pending'],
    ['  ', false, 'Declined'],
  ] as const)('%j with payment status %j reads %s', (status, paymentStatus, label) => {
    expect(transactionStatusLabel(status, paymentStatus)).toBe(label);
  });
});
