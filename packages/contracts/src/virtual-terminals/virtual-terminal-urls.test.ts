import { describe, expect, it } from 'vitest';
import { bearerTokenOf, defaultVirtualTerminal } from './virtual-terminal-urls';

describe('bearerTokenOf', () => {
  it('reads the key of a Bearer authorization, whatever the scheme case', () => {
    expect(bearerTokenOf('Bearer test-api-123')).toBe('test-api-123');
    expect(bearerTokenOf('bearer  test-api-123 ')).toBe('test-api-123');
  });

  it('gives nothing for a missing, empty or other scheme', () => {
    expect(bearerTokenOf(undefined)).toBeNull();
    expect(bearerTokenOf('Bearer ')).toBeNull();
    expect(bearerTokenOf('Basic dXNlcjpwdw==')).toBeNull();
    expect(bearerTokenOf('Bearer a b')).toBeNull();
  });
});

describe('defaultVirtualTerminal', () => {
  it('chooses the first active terminal, else the first', () => {
    const a = { id: 'a', is_active: false };
    const b = { id: 'b', is_active: true };
    expect(defaultVirtualTerminal([a, b])).toBe(b);
    expect(defaultVirtualTerminal([a])).toBe(a);
    expect(defaultVirtualTerminal([])).toBeUndefined();
  });
});
