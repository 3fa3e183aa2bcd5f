import { describe, expect, it } from 'vitest';
import { merchantTimeZone } from './schedule';
import {
  chargeRhythmText,
  type SubscriptionTerms,
  subscriptionTermsOf,
  subscriptionTermsOfLink,
  timeZoneLabel,
} from './subscription-terms';

const monthly: SubscriptionTerms = {
  amountCents: 1200,
  interval: 'monthly',
  frequency: 1,
  cycles: null,
  trialDays: 0,
  firstCharge: '2027-01-31',
};
const toCancel = 'To cancel: use the unsubscribe link in any receipt e-mail we send you.';

describe('subscriptionTermsOf', () => {
  it('words a monthly series until cancelled, dates with their zone', () => {
    expect(subscriptionTermsOf(monthly, merchantTimeZone)).toEqual([
      'Amount: $12.00 every month',
      'First charge: January 31, 2027 (Eastern Time)',
      'Charges: until you cancel',
      toCancel,
    ]);
  });

  it('words a weekly series, and one every 2 weeks', () => {
    const weekly = { ...monthly, interval: 'weekly' as const, amountCents: 123_456 };
    expect(subscriptionTermsOf(weekly, merchantTimeZone)[0]).toBe('Amount: $1,234.56 every week');
    expect(subscriptionTermsOf({ ...weekly, frequency: 2 }, merchantTimeZone)[0]).toBe(
      'Amount: $1,234.56 every 2 weeks',
    );
  });

  it('names a trial before the first charge', () => {
    expect(
      subscriptionTermsOf({ ...monthly, trialDays: 14, firstCharge: '2027-02-14' }, merchantTimeZone),
    ).toEqual([
      'Amount: $12.00 every month',
      'Free trial: 14 days',
      'First charge: February 14, 2027 (Eastern Time)',
      'Charges: until you cancel',
      toCancel,
    ]);
  });

  it('counts a fixed number of charges and dates the last one on the anchor day', () => {
    expect(subscriptionTermsOf({ ...monthly, cycles: 3 }, merchantTimeZone)[2]).toBe(
      'Charges: 3, the last on March 31, 2027 (Eastern Time)',
    );
    expect(subscriptionTermsOf({ ...monthly, cycles: 1 }, merchantTimeZone)[2]).toBe(
      'Charges: 1, the first charge only',
    );
  });

  it('speaks of the amount entered on a free-form link', () => {
    expect(subscriptionTermsOf({ ...monthly, amountCents: null }, merchantTimeZone)[0]).toBe(
      'Amount: The amount entered every month',
    );
  });
});

describe('subscriptionTermsOfLink', () => {
  // 02:00 UTC on 1 March is still 28 February in New York.
  const now = new Date('2027-03-01T02:00:00Z');

  it('charges first today in the merchant zone, monthly until cancelled by default', () => {
    expect(subscriptionTermsOfLink({ amount: '12.00' }, now, merchantTimeZone)).toEqual({
      amountCents: 1200,
      interval: 'monthly',
      frequency: 1,
      cycles: null,
      trialDays: 0,
      firstCharge: '2027-02-28',
    });
  });

  it('charges first after the trial, from a later start date, and reads cycles 0 as until cancelled', () => {
    const terms = subscriptionTermsOfLink(
      { amount: '5.00', interval: 'weekly', frequency: 2, cycles: 0, trial: 7, start: '2027-04-01' },
      now,
      merchantTimeZone,
    );
    expect(terms).toMatchObject({
      interval: 'weekly',
      frequency: 2,
      cycles: null,
      firstCharge: '2027-04-08',
    });
  });
});

it('names the zone and the rhythm as people read them', () => {
  expect(timeZoneLabel(merchantTimeZone)).toBe('Eastern Time');
  expect(chargeRhythmText('daily', 1)).toBe('every day');
  expect(chargeRhythmText('yearly', 3)).toBe('every 3 years');
});
