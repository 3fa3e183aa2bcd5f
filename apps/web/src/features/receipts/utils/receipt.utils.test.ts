import { describe, expect, it } from 'vitest';
import { formatReceiptAmount, receiptCardText, receiptLines, receiptTypeText } from './receipt.utils';

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

  it("prints a payment link's tip and shipping address", () => {
    const lines = receiptLines(
      {
        id: '31111111-2222-4333-8444-555555555555',
        created_at: '2026-11-26T15:00:00.000Z',
        type: 'charge',
        action: 'sale',
        amount: '29.50',
        status: 'Approved',
        card_brand: 'VISA',
        last4: '1117',
        auth_code: null,
        original_transaction_id: null,
        customer_name: 'Robin Vale',
        location: null,
        merchant: {
          name: 'Harbor Lane Coffee',
          address_line_1: null,
          address_line_2: null,
          locality: null,
          region: null,
          postal_code: null,
          phone: null,
        },
        template: 'standard',
        is_test: false,
        tip: '4.50',
        shipping_address: ['9 Quay Street', 'Portland, ME 04101'],
      },
      'America/New_York',
    );
    expect(lines).toContainEqual({ label: 'Tip', value: '$4.50' });
    expect(lines).toContainEqual({ label: 'Ship To', value: '9 Quay Street, Portland, ME 04101' });
  });
});
