import { describe, expect, it } from 'vitest';
import {
  isContactOptionDisabledFor,
  isMethodDisabledFor,
  isUuidV1To5,
  linkAmountMessage,
  linkButtonLabel,
  offeredLinkMethods,
  parseCycles,
  parseTrialDays,
  paymentOptionsMessage,
  subscriptionEndDate,
  subscriptionMessages,
  switchPaymentType,
  toggleLinkMethod,
} from './link-builder';

describe('offeredLinkMethods', () => {
  it('keeps the configured methods, terminal only with open terminals, never cash or swipe', () => {
    expect(offeredLinkMethods({ payment: true, ach: true, crypto: true }, true)).toEqual([
      'credit_card',
      'bank',
      'crypto',
      'terminal',
    ]);
    expect(offeredLinkMethods({ payment: true, ach: false, crypto: false }, false)).toEqual(['credit_card']);
    expect(offeredLinkMethods({ payment: false, ach: false, crypto: false }, false)).toEqual([]);
  });
});

describe('switchPaymentType and toggleLinkMethod', () => {
  const charge = {
    paymentType: 'charge' as const,
    paymentOptions: ['credit_card' as const, 'bank' as const, 'terminal' as const],
    emailOption: 'off' as const,
  };

  it('forces e-mail required and unticks bank, crypto and terminal for a subscription', () => {
    const subscription = switchPaymentType(charge, 'subscription');
    expect(subscription).toEqual({
      paymentType: 'subscription',
      paymentOptions: ['credit_card'],
      emailOption: 'required',
    });
    expect(isMethodDisabledFor('subscription', 'bank')).toBe(true);
    expect(isMethodDisabledFor('subscription', 'credit_card')).toBe(false);
    expect(isMethodDisabledFor('charge', 'bank')).toBe(false);
    expect(isContactOptionDisabledFor('subscription', 'optional')).toBe(true);
    expect(isContactOptionDisabledFor('subscription', 'required')).toBe(false);
    expect(toggleLinkMethod(subscription, 'bank', true)).toBe(subscription);
    expect(switchPaymentType(subscription, 'charge').paymentType).toBe('charge');
  });

  it('makes the e-mail optional when crypto is ticked and keeps the method order', () => {
    const next = toggleLinkMethod(charge, 'crypto', true);
    expect(next.emailOption).toBe('optional');
    expect(next.paymentOptions).toEqual(['credit_card', 'bank', 'crypto', 'terminal']);
    expect(toggleLinkMethod(charge, 'bank', false).paymentOptions).toEqual(['credit_card', 'terminal']);
  });
});

describe('validation texts', () => {
  it('checks the amount', () => {
    expect(linkAmountMessage('')).toBe('Field is required');
    expect(linkAmountMessage('abc')).toBe('Amount is not valid');
    expect(linkAmountMessage('1.234')).toBe('Amount is not valid');
    expect(linkAmountMessage('-1')).toBe('Amount is not valid');
    expect(linkAmountMessage('0')).toBeNull();
    expect(linkAmountMessage('12.50')).toBeNull();
  });

  it('needs a payment option', () => {
    expect(paymentOptionsMessage([])).toBe('Plese select available payment options');
    expect(paymentOptionsMessage(['credit_card'])).toBeNull();
  });

  it('checks the subscription fields', () => {
    const valid = {
      timing: 'start' as const,
      start: '2026-11-25',
      today: '2026-11-25',
      interval: 'monthly' as const,
      frequency: '1',
      email: 'payer@example.com',
    };
    expect(subscriptionMessages(valid)).toEqual({});
    expect(
      subscriptionMessages({ ...valid, start: '2026-11-24', interval: '', frequency: 'x', email: 'nope' }),
    ).toEqual({
      start: 'Start date can not be in past',
      interval: 'Field is required',
      frequency: 'Frequency is not valid',
      email: 'Email is not valid',
    });
    expect(subscriptionMessages({ ...valid, start: '' }).start).toBe('Field is required');
    // A trial needs no start date.
    expect(subscriptionMessages({ ...valid, timing: 'trial', start: '' })).toEqual({});
  });

  it('reads cycles and trial days', () => {
    expect(parseCycles('')).toBeNull();
    expect(parseCycles('abc')).toBe(0);
    expect(parseCycles('3')).toBe(3);
    expect(parseTrialDays('')).toBe(0);
    expect(parseTrialDays('x')).toBe(0);
    expect(parseTrialDays('14')).toBe(14);
  });

  it('accepts UUIDs of versions 1 to 5 only', () => {
    expect(isUuidV1To5('9b2f4c1e-3d5a-4b6c-8d7e-1f2a3b4c5d6e')).toBe(true);
    expect(isUuidV1To5('9b2f4c1e-3d5a-6b6c-8d7e-1f2a3b4c5d6e')).toBe(false);
    expect(isUuidV1To5('not-a-key')).toBe(false);
  });

  it('appends TEST to the button labels in sandbox mode', () => {
    expect(linkButtonLabel('Get Link', true)).toBe('Get Link TEST');
    expect(linkButtonLabel('Get Link', false)).toBe('Get Link');
  });
});

describe('subscriptionEndDate', () => {
  const base = { start: '2026-01-31', cycles: 3, interval: 'monthly' as const, frequency: 1, trialDays: 0 };

  it('adds cycles times the interval to the start', () => {
    expect(subscriptionEndDate(base)).toBe('2026-04-30');
    expect(subscriptionEndDate({ ...base, interval: 'weekly' })).toBe('2026-02-21');
    expect(subscriptionEndDate({ ...base, interval: 'daily', frequency: 2 })).toBe('2026-02-06');
    expect(subscriptionEndDate({ ...base, start: '2024-02-29', cycles: 1, interval: 'yearly' })).toBe(
      '2025-02-28',
    );
  });

  it('adds the trial days first', () => {
    expect(subscriptionEndDate({ ...base, trialDays: 1 })).toBe('2026-05-01');
  });

  it('has no end without cycles', () => {
    expect(subscriptionEndDate({ ...base, cycles: null })).toBeNull();
    expect(subscriptionEndDate({ ...base, cycles: 0 })).toBeNull();
  });
});
