import { describe, expect, it } from 'vitest';
import { dayBefore, monthBefore } from './books.job';

describe('the period a books job posts', () => {
  it('is the month before the run key, across a year', () => {
    expect(monthBefore('2026-11')).toBe('2026-10');
    expect(monthBefore('2027-01')).toBe('2026-12');
  });

  it('is the day before the run key, across a month and a leap day', () => {
    expect(dayBefore('2026-12-01')).toBe('2026-11-30');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });
});
