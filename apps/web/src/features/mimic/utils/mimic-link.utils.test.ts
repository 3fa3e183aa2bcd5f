import { describe, expect, it } from 'vitest';
import { mimicTokenFromHash } from './mimic-link.utils';

describe('mimicTokenFromHash', () => {
  it('reads the token of a mimic link fragment', () => {
    const token = 'A'.repeat(43);
    expect(mimicTokenFromHash(`#mimic_token=${token}`)).toBe(token);
  });

  it('answers null for no fragment, another key, or a value that is not a token', () => {
    expect(mimicTokenFromHash('')).toBeNull();
    expect(mimicTokenFromHash('#other=abc')).toBeNull();
    expect(mimicTokenFromHash('#mimic_token=<script>')).toBeNull();
  });
});
