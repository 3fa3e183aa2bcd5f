import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo';

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
