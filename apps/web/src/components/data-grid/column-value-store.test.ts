import { describe, expect, it } from 'vitest';
import { moneyToCents } from './cell-values.utils';
import { ColumnValueStore } from './column-value-store';

describe('ColumnValueStore', () => {
  it('reads a cell once, on first need, and a whole column in one pass', () => {
    const data = [{ amount: '1.50' }, { amount: '' }, { amount: '2' }];
    let reads = 0;
    const store = new ColumnValueStore(
      data,
      new Map([
        [
          'amount',
          {
            value: (row: { amount: string }) => {
              reads += 1;
              return row.amount;
            },
            read: moneyToCents,
          },
        ],
      ]),
    );

    expect(store.read('amount', 2)).toBe(200);
    expect(store.read('amount', 2)).toBe(200);
    expect(reads).toBe(1);
    expect(store.column('amount')).toEqual([150, undefined, 200]);
    expect(reads).toBe(3);
    expect(store.read('amount', 1)).toBeUndefined();
    expect(reads).toBe(3);
    expect(store.read('unknown', 0)).toBeUndefined();
  });
});
