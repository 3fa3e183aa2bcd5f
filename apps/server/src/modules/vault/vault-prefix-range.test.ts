import { describe, expect, it } from 'vitest';
import { prefixRangeOf } from './vault.repository';

// The vault search reads a prefix as an index range, for speed: it must hold exactly the
// keys that start with the text, under the C collation (code point order).
describe('prefixRangeOf', () => {
  it('runs from the lowercased text to the text with its last character one code point up', () => {
    expect(prefixRangeOf('SMI')).toEqual({ from: 'smi', to: 'smj' });
    expect(prefixRangeOf('%')).toEqual({ from: '%', to: '&' });
    expect(prefixRangeOf('a_')).toEqual({ from: 'a_', to: 'a`' });
  });

  it('steps over the surrogate range and drops trailing characters that have no successor', () => {
    expect(prefixRangeOf('a\u{d7ff}')).toEqual({ from: 'a\u{d7ff}', to: 'a\u{e000}' });
    expect(prefixRangeOf('ab\u{10ffff}')).toEqual({ from: 'ab\u{10ffff}', to: 'ac' });
    expect(prefixRangeOf('\u{1f600}')).toEqual({ from: '\u{1f600}', to: '\u{1f601}' });
    expect(prefixRangeOf('\u{10ffff}\u{10ffff}')).toEqual({ from: '\u{10ffff}\u{10ffff}', to: null });
  });

  it('holds the keys that start with the text and no other, in code point order', () => {
    const keys = ['sm', 'smh', 'smi', 'smi\u{10ffff}', 'smiz', 'smj', 'smja', 'sn', 'a\u{d7ff}', 'a\u{e000}'];
    for (const text of ['smi', 'sm', 'a\u{d7ff}']) {
      const { from, to } = prefixRangeOf(text);
      const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const inRange = keys.filter(
        (key) => byCodePoint(key, from) >= 0 && (to === null || byCodePoint(key, to) < 0),
      );
      // JS compares UTF-16 units; these keys hold no character above the surrogates but U+10FFFF,
      // which sorts last either way.
      expect(inRange.sort()).toEqual(keys.filter((key) => key.startsWith(text)).sort());
    }
  });
});
