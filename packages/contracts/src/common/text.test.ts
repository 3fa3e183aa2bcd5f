import { describe, expect, it } from 'vitest';
import { containsNulCharacter } from './text';

describe('containsNulCharacter', () => {
  it('finds a NUL in a string, deep in objects and arrays, and in keys', () => {
    expect(containsNulCharacter('a\u0000b')).toBe(true);
    expect(containsNulCharacter({ search: { terms: ['ok', 'x\u0000'] } })).toBe(true);
    expect(containsNulCharacter({ 'k\u0000': 'v' })).toBe(true);
  });

  it('passes ordinary text, other control characters, numbers and empty values', () => {
    expect(containsNulCharacter('Café ☕ \t\n\u0001')).toBe(false);
    expect(containsNulCharacter({ amount: 12.5, note: null, tags: [] })).toBe(false);
    expect(containsNulCharacter(undefined)).toBe(false);
  });
});
