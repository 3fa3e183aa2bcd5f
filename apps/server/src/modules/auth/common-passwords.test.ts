import { describe, expect, it } from 'vitest';
import { commonPasswordSet, isCommonPassword } from './common-passwords';

describe('common-password list', () => {
  it('ships at least 10,000 entries', () => {
    expect(commonPasswordSet().size).toBeGreaterThanOrEqual(9_900);
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('qwerasdfzxcv')).toBe(true);
    expect(isCommonPassword('tulip-orbit-lantern')).toBe(false);
  });
});
