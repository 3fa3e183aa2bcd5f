import { describe, expect, it } from 'vitest';
import { lastFour, lastFourAsIssued, maskedFromLastFour, maskValue } from './masking';

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

  it("keeps an issued secret's last four characters as issued, separators included", () => {
    expect(lastFourAsIssued('whsec_q2Zk0-YwT-Y')).toBe('wT-Y');
    expect(lastFourAsIssued('sk_live_abc_d_')).toBe('c_d_');
    expect(lastFour('whsec_q2Zk0-YwT-Y')).toBe('YwTY');
  });

  it('answers null for missing values', () => {
    expect(maskValue(null)).toBeNull();
    expect(maskValue('')).toBeNull();
    expect(maskedFromLastFour(undefined)).toBeNull();
  });
});
