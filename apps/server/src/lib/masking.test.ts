import { describe, expect, it } from 'vitest';
import { lastFour, maskedFromLastFour, maskValue } from './masking';

describe('masking', () => {
  it('keeps only the last four digits of an SSN', () => {
    expect(maskValue('123-45-6789')).toBe('****6789');
  });

  it('masks bank numbers of any length', () => {
    expect(maskValue('000123456789')).toBe('****6789');
    expect(lastFour('021000021')).toBe('0021');
  });

  it('shows short values only as far as they go', () => {
    expect(maskValue('12')).toBe('****12');
  });

  it('answers null for missing values', () => {
    expect(maskValue(null)).toBeNull();
    expect(maskValue('')).toBeNull();
    expect(maskedFromLastFour(undefined)).toBeNull();
  });
});
