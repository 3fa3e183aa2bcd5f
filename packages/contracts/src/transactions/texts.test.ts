import { describe, expect, it } from 'vitest';
import { DashboardText, RefundText, VoidText } from './texts';

// The catalogue is compared with the product's words here so a rewording is a visible test change.
describe('dashboard, report and validation texts', () => {
  it('dashboard', () => {
    expect(Object.values(DashboardText)).toEqual([
      'Please select a merchant',
      'Merchant data sync requested',
      'Failed to submit sync request',
      'Please select a terminal first',
    ]);
  });

  it('void and refund', () => {
    expect(VoidText.Failed).toBe('Failed to void transaction');
    expect(RefundText).toEqual({
      Successful: 'Refund was successful.',
      Failed: 'Refund failed. Please try again.',
      GreaterThanTransactionAmount: 'Refund can not be greater than transaction amount',
    });
  });
});
