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

describe('ColumnValueStore appends', () => {
  const readers = new Map([
    [
      'n',
      {
        value: (row: { n: number }) => row.n,
        read: (raw: unknown) => (typeof raw === 'number' ? raw : undefined),
      },
    ],
  ]);

  it('takes rows that extend the ones it holds and reads only the new ones', () => {
    const first = [{ n: 1 }, { n: 2 }];
    const store = new ColumnValueStore(first, readers);
    expect(store.column('n')).toEqual([1, 2]);
    const more = [...first, { n: 3 }];
    expect(store.isPrefixOf(more)).toBe(true);
    store.appendFrom(more);
    expect(store.length).toBe(3);
    expect(store.read('n', 2)).toBe(3);
    expect(store.column('n')).toEqual([1, 2, 3]);
  });

  it('is no prefix of other rows or of fewer rows', () => {
    const first = [{ n: 1 }, { n: 2 }];
    const store = new ColumnValueStore(first, readers);
    expect(store.isPrefixOf([{ n: 1 }, { n: 2 }, { n: 3 }])).toBe(false);
    expect(store.isPrefixOf(first.slice(0, 1))).toBe(false);
    expect(store.isPrefixOf(first)).toBe(true);
  });
});
