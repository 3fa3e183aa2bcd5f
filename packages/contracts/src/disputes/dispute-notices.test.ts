import { describe, expect, it } from 'vitest';
import { disputedPaymentText, dueReminderOf, instantInZoneText, outcomeMoneyText } from './dispute-notices';

const respondBy = new Date('2026-04-03T09:00:00.000Z');
const hoursBefore = (hours: number) => new Date(respondBy.getTime() - hours * 3_600_000);
const none = { fiveDays: false, oneDay: false };

describe('dueReminderOf', () => {
  it('sends nothing while more than 5 days are left or once the date has passed', () => {
    expect(dueReminderOf(respondBy, hoursBefore(5 * 24 + 1), none)).toBeNull();
    expect(dueReminderOf(respondBy, hoursBefore(0), none)).toBeNull();
    expect(dueReminderOf(respondBy, hoursBefore(-1), none)).toBeNull();
  });

  it('sends the 5-day reminder within the last 5 days, once', () => {
    expect(dueReminderOf(respondBy, hoursBefore(5 * 24), none)).toBe(5);
    expect(dueReminderOf(respondBy, hoursBefore(30), none)).toBe(5);
    expect(dueReminderOf(respondBy, hoursBefore(30), { fiveDays: true, oneDay: false })).toBeNull();
  });

  it('sends the 1-day reminder within the last day, once, whether or not the 5-day one went out', () => {
    expect(dueReminderOf(respondBy, hoursBefore(24), none)).toBe(1);
    expect(dueReminderOf(respondBy, hoursBefore(2), { fiveDays: true, oneDay: false })).toBe(1);
    expect(dueReminderOf(respondBy, hoursBefore(2), { fiveDays: true, oneDay: true })).toBeNull();
  });
});

describe('the words of a notice', () => {
  it('names the money outcome of each decision', () => {
    expect(outcomeMoneyText('won', 10_066, 2_500)).toBe(
      'The disputed $100.66 is credited back to your next payout. The chargeback fee of $25.00 is not refunded.',
    );
    expect(outcomeMoneyText('lost', 10_066, 2_500)).toBe(
      'The card issuer decided for the cardholder. The disputed $100.66 and the chargeback fee of $25.00 stay taken from your payouts.',
    );
    expect(outcomeMoneyText('expired', 10_066, 0)).toBe(
      'No response was sent before the respond-by date, so the dispute is lost. The disputed $100.66 stays taken from your payouts.',
    );
  });

  it('names the card and the customer, leaving out what is unknown', () => {
    expect(disputedPaymentText({ cardBrand: 'VISA', last4: '1111', customer: 'Dana Reyes' })).toBe(
      'Visa ending 1111, paid by Dana Reyes',
    );
    expect(disputedPaymentText({ cardBrand: 'AMEX', last4: '0005', customer: null })).toBe(
      'American Express ending 0005',
    );
    expect(disputedPaymentText({ cardBrand: null, last4: null, customer: null })).toBe('Card payment');
  });

  it('gives the instant in the reader’s zone with the zone named', () => {
    expect(instantInZoneText(respondBy, 'America/New_York')).toBe('April 3, 2026 at 5:00 AM (Eastern Time)');
  });
});
