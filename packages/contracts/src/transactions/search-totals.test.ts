import { describe, expect, it } from 'vitest';
import {
  averageCentsRoundedHalfUp,
  isExcludedFromSearchTotals,
  type SearchTotalsItem,
  searchTotals,
} from './search-totals';

const item = (amountCents: number, overrides: Partial<SearchTotalsItem> = {}): SearchTotalsItem => ({
  amountCents,
  paymentStatus: true,
  status: 'Approved',
  ...overrides,
});

describe('searchTotals: "The search total, average and count exclude failed or declined items."', () => {
  it('adds, averages and counts the approved items', () => {
    expect(searchTotals([item(1000), item(2000), item(3001)])).toEqual({
      totalCents: 6001,
      averageCents: 2000,
      count: 3,
    });
  });

  it('leaves out failed payments and declined items', () => {
    const items = [
      item(1000),
      item(50_000, { paymentStatus: false, status: 'Error' }),
      item(70_000, { paymentStatus: 'false', status: null }),
      item(90_000, { paymentStatus: false, status: 'Declined' }),
      item(30_000, { paymentStatus: true, status: 'declined' }),
      item(20_000, { paymentStatus: null, status: 'Failed' }),
      item(3000, { paymentStatus: null, status: null }),
    ];
    expect(searchTotals(items)).toEqual({ totalCents: 4000, averageCents: 2000, count: 2 });
  });

  it('answers zeros when nothing counts', () => {
    expect(searchTotals([])).toEqual({ totalCents: 0, averageCents: 0, count: 0 });
    expect(searchTotals([item(500, { status: 'Declined' })])).toEqual({
      totalCents: 0,
      averageCents: 0,
      count: 0,
    });
  });

  it('keeps returned ACH items and refunds, which are neither failed nor declined', () => {
    expect(searchTotals([item(1000, { status: 'Returned' }), item(400, { status: 'Approved' })]).count).toBe(
      2,
    );
  });
});

describe('isExcludedFromSearchTotals', () => {
  it.each([
    [{}, false],
    [{ paymentStatus: false }, true],
    [{ status: ' DECLINED ' }, true],
    [{ status: 'Failed' }, true],
    [{ status: 'Returned' }, false],
    [{ status: 'Declined soon' }, false],
  ] as const)('%j -> %s', (overrides, excluded) => {
    expect(isExcludedFromSearchTotals(item(100, overrides))).toBe(excluded);
  });
});

describe('averageCentsRoundedHalfUp', () => {
  it.each([
    [1001, 2, 501], // 5.005 -> 5.01
    [1003, 2, 502], // 5.015 -> 5.02
    [1000, 3, 333], // 3.3333 -> 3.33
    [2000, 3, 667], // 6.6666 -> 6.67
    [-1001, 2, -501], // ties away from zero
    [-2000, 3, -667],
    [5, 10, 1], // 0.005 -> 0.01
    [4, 10, 0],
    [0, 4, 0],
    [123, 0, 0],
  ])('%i cents over %i items is %i cents', (total, count, average) => {
    expect(averageCentsRoundedHalfUp(total, count)).toBe(average);
  });

  it('stays exact beyond the range where float division drifts', () => {
    // 9007199254740991 / 2 = 4503599627370495.5: rounds up to ...496.
    expect(averageCentsRoundedHalfUp(Number.MAX_SAFE_INTEGER, 2)).toBe(4_503_599_627_370_496);
  });

  it('refuses fractions of a cent', () => {
    expect(() => averageCentsRoundedHalfUp(10.5, 2)).toThrow(RangeError);
  });
});
