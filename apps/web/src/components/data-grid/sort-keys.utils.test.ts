import { describe, expect, it } from 'vitest';
import { createSortKeyReader, naturalSortKey, sortedOrder } from './sort-keys.utils';

describe('sort keys', () => {
  it('orders texts naturally, ignoring case and accents', () => {
    const texts = ['item 10', 'Item 9', 'éclair', 'Eclair 2', 'apple', 'item 009a'];
    const sorted = [...texts].sort((a, b) => (naturalSortKey(a) < naturalSortKey(b) ? -1 : 1));
    expect(sorted).toEqual(['apple', 'éclair', 'Eclair 2', 'Item 9', 'item 009a', 'item 10']);
  });

  it('reads numbers and booleans as they are and texts through their key, once per text', () => {
    const numbers = createSortKeyReader(null);
    expect(numbers(12.5)).toBe(12.5);
    expect(numbers(true)).toBe(1);
    expect(numbers(undefined)).toBeUndefined();
    let calls = 0;
    const labels = createSortKeyReader((value) => {
      calls += 1;
      return value === 'a' ? 'Active' : 'Inactive';
    });
    expect(labels('a')).toBe('active');
    labels('a');
    expect(calls).toBe(2);
    expect(labels(undefined)).toBeUndefined();
  });

  it('sorts by each column in turn, blanks last in both directions, ties in original order', () => {
    const status = ['b', 'a', undefined, 'a', 'b'];
    const amount = [5, 7, 1, 3, 5];
    expect(sortedOrder(5, [{ keys: status, isDesc: false }])).toEqual([1, 3, 0, 4, 2]);
    expect(sortedOrder(5, [{ keys: status, isDesc: true }])).toEqual([0, 4, 1, 3, 2]);
    expect(
      sortedOrder(5, [
        { keys: status, isDesc: false },
        { keys: amount, isDesc: true },
      ]),
    ).toEqual([1, 3, 0, 4, 2]);
    expect(sortedOrder(5, [{ keys: amount, isDesc: false }])).toEqual([2, 3, 0, 4, 1]);
  });
});
