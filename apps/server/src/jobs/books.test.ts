import { describe, expect, it } from 'vitest';
import { dayBefore, monthBefore, periodOfRun } from './books.job';

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

  it("is the clock's period for a staff Run now, whose key is not a period", () => {
    const now = new Date('2027-02-10T09:00:00Z');
    expect(periodOfRun('now:2027-02-10T09:00:00.000Z:1a2b3c4d', now, 7)).toBe('2027-02');
    expect(periodOfRun('now:2027-02-10T09:00:00.000Z:1a2b3c4d', now, 10)).toBe('2027-02-10');
    expect(periodOfRun('2026-12', now, 7)).toBe('2026-12');
    expect(periodOfRun('2026-12-01', now, 10)).toBe('2026-12-01');
  });
});
