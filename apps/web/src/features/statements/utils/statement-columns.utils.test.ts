import { describe, expect, it } from 'vitest';
import { createCellFormatter } from '../../../components/data-grid/cell-format.utils';
import { payoutColumns, statementDetailHeight } from './statement-columns.utils';

describe('statementDetailHeight', () => {
  it('is 30 px per row plus 2 rows plus 120, clamped between 400 and 3500', () => {
    expect(statementDetailHeight(0)).toBe(400);
    expect(statementDetailHeight(10)).toBe(480);
    expect(statementDetailHeight(31)).toBe(1110);
    expect(statementDetailHeight(200)).toBe(3500);
  });
});

describe('payoutColumns', () => {
  it('shows a payout status in words, not the stored code', () => {
    const status = payoutColumns.find((column) => column.id === 'status');
    if (!status) throw new Error('no Status column');
    const format = createCellFormatter(status, 'America/New_York');
    expect(['scheduled', 'paid', 'held', 'failed'].map(format)).toEqual([
      'Scheduled',
      'Paid',
      'Held',
      'Failed',
    ]);
  });
});
