import { describe, expect, it } from 'vitest';
import { formatReceiptAmount, receiptCardText, receiptTypeText } from './receipt.utils';

describe('receipt.utils', () => {
  it('formats amounts as dollars with grouping, negatives included', () => {
    expect(formatReceiptAmount('1234567.5')).toBe('$1,234,567.50');
    expect(formatReceiptAmount('-10.00')).toBe('-$10.00');
    expect(formatReceiptAmount('0.05')).toBe('$0.05');
  });

  it('names the type, with the action when it says more', () => {
    expect(receiptTypeText({ type: 'ach_refund', action: null })).toBe('ACH Refund');
    expect(receiptTypeText({ type: 'refund', action: 'refund' })).toBe('Refund');
    expect(receiptTypeText({ type: 'card', action: 'sale' })).toBe('Card (sale)');
  });

  it('masks the card to its last four, or says n/a', () => {
    expect(receiptCardText({ card_brand: 'AMEX', last4: '0005' })).toBe('AMEX •••• 0005');
    expect(receiptCardText({ card_brand: null, last4: '6789' })).toBe('•••• 6789');
    expect(receiptCardText({ card_brand: null, last4: 'n/a' })).toBe('n/a');
  });
});
