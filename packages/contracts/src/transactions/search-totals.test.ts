import { describe, expect, it } from 'vitest';
import type { TransactionMoneyFacts } from './gross-net';
import {
  averageCentsRoundedHalfUp,
  isExcludedFromSearchTotals,
  type SearchTotalsItem,
  searchTotals,
} from './search-totals';

type ItemOverrides = Partial<TransactionMoneyFacts> & { status?: string | null; hasFee?: boolean };

const item = (amountCents: number, overrides: ItemOverrides = {}): SearchTotalsItem => {
  const { status = 'Approved', hasFee = true, ...facts } = overrides;
  return {
    facts: {
      actionMode: 'charge',
      amountCents,
      feeCents: 30,
      paymentStatus: true,
      proPayStatus: null,
      ...facts,
    },
    hasFee,
    status,
  };
};

describe('searchTotals: one gross and net rule, "exclude failed or declined items"', () => {
  it('adds the gross and net amounts and averages the gross of the approved items', () => {
    expect(searchTotals([item(1000), item(2000), item(3001)])).toEqual({
      grossCents: 6001,
      netCents: 6001 - 90,
      averageCents: 2000,
      count: 3,
    });
  });

  it('subtracts voids, refunds and credits (gross rule) and counts them', () => {
    const items = [
      item(10_000),
      item(10_000, { actionMode: 'void', feeCents: 0 }),
      item(2_500, { actionMode: 'refund', feeCents: 0 }),
      item(1_000, { actionMode: 'credit', feeCents: 0 }),
    ];
    expect(searchTotals(items)).toEqual({
      grossCents: -3_500,
      netCents: -3_530,
      averageCents: -875,
      count: 4,
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
    expect(searchTotals(items)).toEqual({ grossCents: 4000, netCents: 3940, averageCents: 2000, count: 2 });
  });

  it('has no net when an item came without its fee (no REPORTS_ADVANCED)', () => {
    expect(searchTotals([item(1000), item(2000, { hasFee: false, feeCents: 0 })]).netCents).toBeNull();
  });

  it('answers zeros when nothing counts', () => {
    expect(searchTotals([])).toEqual({ grossCents: 0, netCents: 0, averageCents: 0, count: 0 });
    expect(searchTotals([item(500, { status: 'Declined' })])).toEqual({
      grossCents: 0,
      netCents: 0,
      averageCents: 0,
      count: 0,
    });
  });

  it('keeps returned ACH items, which count -25.00 in gross and net', () => {
    const totals = searchTotals([
      item(1000, { status: 'Returned', actionMode: 'debit', proPayStatus: 'ACHInReturned' }),
      item(400),
    ]);
    expect(totals).toMatchObject({ grossCents: -2500 + 400, count: 2 });
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
