import { describe, expect, it } from 'vitest';
import {
  cardTextOf,
  type DisputeStatus,
  daysLeftOfDispute,
  daysLeftToRespond,
  disputeAnswersOf,
  isUrgent,
} from './dispute-rules';

const now = new Date('2026-05-10T12:00:00.000Z');
const later = new Date('2026-05-20T12:00:00.000Z');
const earlier = new Date('2026-05-01T12:00:00.000Z');

describe('disputeAnswersOf', () => {
  it.each<[DisputeStatus, Date | null, Date | null, boolean, boolean]>([
    // status, respond-by, submitted at, may edit, may submit and accept
    ['needs_response', later, null, true, true],
    ['inquiry', null, null, true, false],
    ['needs_response', earlier, null, false, false],
    ['needs_response', later, earlier, false, false],
    ['under_review', later, earlier, false, false],
    ['won', later, earlier, false, false],
    ['lost', later, earlier, false, false],
    ['accepted', later, null, false, false],
    ['expired', earlier, null, false, false],
  ])('%s, respond by %s, submitted %s: edit %s, submit and accept %s', (status, respondBy, submittedAt, canEdit, canAnswer) => {
    expect(disputeAnswersOf({ status, respondBy, submittedAt }, now)).toEqual({
      canEdit,
      canSubmit: canAnswer,
      canAccept: canAnswer,
    });
  });
});

describe('days left to respond', () => {
  it('rounds up a part of a day and stops at 0', () => {
    expect(daysLeftToRespond(new Date('2026-05-10T13:00:00.000Z'), now)).toBe(1);
    expect(daysLeftToRespond(later, now)).toBe(10);
    expect(daysLeftToRespond(earlier, now)).toBe(0);
  });

  it('is urgent under 5 days', () => {
    expect(isUrgent(4)).toBe(true);
    expect(isUrgent(5)).toBe(false);
  });
});

describe('daysLeftOfDispute', () => {
  it('counts whole days, rounded up, for a dispute still waiting for an answer', () => {
    expect(daysLeftOfDispute({ status: 'needs_response', respond_by: '2026-05-14T11:00:00.000Z' }, now)).toBe(
      4,
    );
    expect(daysLeftOfDispute({ status: 'needs_response', respond_by: '2026-05-30T12:00:00.000Z' }, now)).toBe(
      20,
    );
    expect(daysLeftOfDispute({ status: 'needs_response', respond_by: '2026-05-01T12:00:00.000Z' }, now)).toBe(
      0,
    );
  });

  it('is empty once answered or decided, and for an inquiry without a date yet', () => {
    for (const status of ['under_review', 'won', 'lost', 'accepted', 'expired'] as const) {
      expect(daysLeftOfDispute({ status, respond_by: '2026-05-30T12:00:00.000Z' }, now)).toBeNull();
    }
    expect(daysLeftOfDispute({ status: 'inquiry', respond_by: null }, now)).toBeNull();
  });
});

describe('cardTextOf', () => {
  it('names the brand and the last 4 digits', () => {
    expect(cardTextOf({ card_brand: 'VISA', last4: '1111' })).toBe('VISA ending in 1111');
    expect(cardTextOf({ card_brand: null, last4: '4242' })).toBe('Card ending in 4242');
    expect(cardTextOf({ card_brand: 'AMEX', last4: null })).toBe('AMEX');
  });
});
