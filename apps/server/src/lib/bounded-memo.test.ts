import { describe, expect, it } from 'vitest';
import { boundedCache, boundedMemo } from './bounded-memo';

describe('boundedMemo', () => {
  it('computes each key once while it is among the last `size` used, then forgets the least recent', () => {
    const computed: string[] = [];
    const upper = boundedMemo(2, (key) => {
      computed.push(key);
      return { text: key.toUpperCase() };
    });
    const first = upper('a');
    expect(upper('a')).toBe(first);
    upper('b');
    upper('a'); // a is now the most recent, b the least
    upper('c'); // b goes
    upper('a');
    upper('b');
    expect(computed).toEqual(['a', 'b', 'c', 'b']);
  });
});

describe('boundedCache', () => {
  it('keeps the last `size` keys read or written, forgets the least recent, and deletes on demand', () => {
    const cache = boundedCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // b is now the least recent
    cache.set('c', 3); // b goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    cache.set('c', 4); // written again: the newest, with its new value
    cache.set('d', 5); // a goes
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(4);
    cache.delete('c');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('d')).toBe(5);
  });
});
