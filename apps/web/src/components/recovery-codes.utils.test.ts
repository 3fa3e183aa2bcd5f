import { describe, expect, it } from 'vitest';
import { codesInPairs, recoveryCodesFileText } from './recovery-codes.utils';

describe('recovery codes file', () => {
  it('names the account and lists one code a line', () => {
    expect(recoveryCodesFileText(['aaaa-bbbb-cccc', 'dddd-eeee-ffff'], 'ann@example.com')).toBe(
      'Portico recovery codes for ann@example.com\n' +
        'Each code signs you in once when you cannot use your authenticator app.\n\n' +
        'aaaa-bbbb-cccc\ndddd-eeee-ffff\n',
    );
  });

  it('pairs codes for display, an odd one alone at the end', () => {
    expect(codesInPairs(['a', 'b', 'c'])).toEqual([['a', 'b'], ['c']]);
  });
});
