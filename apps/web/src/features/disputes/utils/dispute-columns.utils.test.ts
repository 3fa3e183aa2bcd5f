import { describe, expect, it } from 'vitest';
import { daysLeftColorOf, urgentDaysLeftColor } from './dispute-columns.utils';

describe('days left to respond', () => {
  it('is red (red.8, AA on white) under 5 days, and plain from 5 days on', () => {
    expect(urgentDaysLeftColor).toBe('red.8');
    expect(daysLeftColorOf(0)).toBe('red.8');
    expect(daysLeftColorOf(4)).toBe('red.8');
    expect(daysLeftColorOf(5)).toBeUndefined();
    expect(daysLeftColorOf(19)).toBeUndefined();
    expect(daysLeftColorOf(null)).toBeUndefined();
  });
});
