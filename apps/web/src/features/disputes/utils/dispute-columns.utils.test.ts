import { describe, expect, it } from 'vitest';
import { cardTextOf, daysLeftColorOf, daysLeftOf, urgentDaysLeftColor } from './dispute-columns.utils';

const now = new Date('2026-05-10T12:00:00.000Z');

describe('days left to respond', () => {
  it('counts whole days, rounded up, for a dispute still waiting for an answer', () => {
    expect(daysLeftOf({ status: 'needs_response', respond_by: '2026-05-14T11:00:00.000Z' }, now)).toBe(4);
    expect(daysLeftOf({ status: 'needs_response', respond_by: '2026-05-30T12:00:00.000Z' }, now)).toBe(20);
    expect(daysLeftOf({ status: 'needs_response', respond_by: '2026-05-01T12:00:00.000Z' }, now)).toBe(0);
  });

  it('is empty once answered or decided, and for an inquiry without a date yet', () => {
    for (const status of ['under_review', 'won', 'lost', 'accepted', 'expired'] as const) {
      expect(daysLeftOf({ status, respond_by: '2026-05-30T12:00:00.000Z' }, now)).toBeNull();
    }
    expect(daysLeftOf({ status: 'inquiry', respond_by: null }, now)).toBeNull();
  });

  it('is red (red.8, AA on white) under 5 days, and plain from 5 days on', () => {
    expect(urgentDaysLeftColor).toBe('red.8');
    expect(daysLeftColorOf(0)).toBe('red.8');
    expect(daysLeftColorOf(4)).toBe('red.8');
    expect(daysLeftColorOf(5)).toBeUndefined();
    expect(daysLeftColorOf(19)).toBeUndefined();
    expect(daysLeftColorOf(null)).toBeUndefined();
  });
});

describe('cardTextOf', () => {
  it('names the brand and the last 4 digits', () => {
    expect(cardTextOf({ card_brand: 'VISA', last4: '1111' })).toBe('VISA ending in 1111');
    expect(cardTextOf({ card_brand: null, last4: '4242' })).toBe('Card ending in 4242');
    expect(cardTextOf({ card_brand: 'AMEX', last4: null })).toBe('AMEX');
  });
});
