import { describe, expect, it } from 'vitest';
import { formatTotals, sumColumn } from './totals.utils';

describe('totals', () => {
  it('sums money as integer cents and shows TOTAL, AVG and COUNT with 2 decimals', () => {
    // 0.10 + 0.20 + 0.30 in floats is 0.6000000000000001; in cents it is exact.
    const totals = sumColumn([10, 20, 30, undefined]);
    expect(totals).toEqual({ total: 60, count: 3 });
    expect(formatTotals(totals, 'money')).toEqual({ total: '0.60', avg: '0.20', count: '3' });
  });

  it('averages numbers and rounds to 2 decimals', () => {
    expect(formatTotals(sumColumn([1, 2, 2]), 'number')).toEqual({ total: '5.00', avg: '1.67', count: '3' });
  });

  it('gives money its currency sign when the column shows one, a refund total its minus', () => {
    expect(formatTotals(sumColumn([628_709_100, -10_000]), 'money-with-sign')).toEqual({
      total: '$6,286,991.00',
      avg: '$3,143,495.50',
      count: '2',
    });
    expect(formatTotals(sumColumn([-2_500]), 'money-with-sign').total).toBe('-$25.00');
  });

  it('shows zeros for a column without values', () => {
    expect(formatTotals(sumColumn([undefined, 'x']), 'money')).toEqual({
      total: '0.00',
      avg: '0.00',
      count: '0',
    });
  });
});
