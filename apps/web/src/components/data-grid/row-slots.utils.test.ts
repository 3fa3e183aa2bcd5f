import { describe, expect, it } from 'vitest';
import { assignRowSlots } from './row-slots.utils';

describe('assignRowSlots', () => {
  it('numbers the first rows drawn from 0', () => {
    expect([...assignRowSlots(new Map(), [0, 1, 2])]).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('keeps the slot of a row still in view and gives freed slots to the rows scrolling in', () => {
    const first = assignRowSlots(new Map(), [10, 11, 12, 13]);
    const next = assignRowSlots(first, [12, 13, 14, 15]);
    expect(next.get(12)).toBe(first.get(12));
    expect(next.get(13)).toBe(first.get(13));
    expect(new Set([next.get(14), next.get(15)])).toEqual(new Set([first.get(10), first.get(11)]));
  });

  it('gives every drawn row its own slot when more rows are drawn than before', () => {
    const first = assignRowSlots(new Map(), [0, 1]);
    const next = assignRowSlots(first, [1, 2, 3, 4]);
    expect(new Set(next.values()).size).toBe(4);
    expect(Math.max(...next.values())).toBe(3);
  });

  it('reuses every slot after a jump far away', () => {
    const first = assignRowSlots(new Map(), [0, 1, 2]);
    const next = assignRowSlots(first, [5000, 5001, 5002]);
    expect(new Set(next.values())).toEqual(new Set([0, 1, 2]));
  });
});
