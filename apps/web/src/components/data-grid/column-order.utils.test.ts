import { describe, expect, it } from 'vitest';
import { moveColumnTo, orderPinning, togglePin } from './column-order.utils';

describe('column order', () => {
  const order = ['a', 'b', 'c', 'd'];

  it('moves a column before or after another', () => {
    expect(moveColumnTo(order, 'd', 'b', false)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveColumnTo(order, 'a', 'c', true)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveColumnTo(order, 'a', 'a', true)).toEqual(order);
    expect(moveColumnTo(order, 'x', 'a', true)).toEqual(order);
  });

  it('pins and unpins, showing pinned columns in column order', () => {
    const pinned = togglePin({ left: ['c'], right: [] }, 'a', 'left');
    expect(orderPinning(pinned, order)).toEqual({ left: ['a', 'c'], right: [] });
    expect(togglePin(pinned, 'c', 'right')).toEqual({ left: ['a'], right: ['c'] });
    expect(togglePin(pinned, 'c', null)).toEqual({ left: ['a'], right: [] });
  });
});
