import { describe, expect, it } from 'vitest';
import { describeItem } from './payout-item-description';

describe('a settlement group transaction in words', () => {
  it('names the method, the last four and how the amount moved', () => {
    expect(
      describeItem({ type: 'cc', card_brand: 'VISA', last4: '1111', action_mode: 'terminal_refund' }),
    ).toBe('VISA ending 1111 (terminal refund)');
    expect(describeItem({ type: 'check', card_brand: null, last4: '4836', action_mode: 'debit' })).toBe(
      'ACH ending 4836 (debit)',
    );
    expect(describeItem({ type: 'cc', card_brand: 'MC', last4: null, action_mode: 'settle' })).toBe(
      'MC (settled sale)',
    );
  });

  it('writes an unknown mode in words and leaves out what is missing', () => {
    expect(describeItem({ type: null, card_brand: null, last4: null, action_mode: 'manual_credit' })).toBe(
      'Payment (manual credit)',
    );
    expect(describeItem({ type: 'cash', card_brand: null, last4: null, action_mode: null })).toBe(
      'Cash sale',
    );
  });
});
