import { describe, expect, it } from 'vitest';
import { chargeWithFee, flatRateOf, passedOnFeeCents, passedOnRateOfMethod } from './fee';

describe('the fee passed on to the payer', () => {
  it('reads flat pricing strings exactly, without floats', () => {
    expect(flatRateOf('2.90+0.30')).toEqual({ percentMilliBps: 290_000, itemCents: 30 });
    expect(flatRateOf('3%+$0.25')).toEqual({ percentMilliBps: 300_000, itemCents: 25 });
    expect(flatRateOf('0.75+0')).toEqual({ percentMilliBps: 75_000, itemCents: 0 });
    expect(flatRateOf('IC+10bps+5c')).toBeNull();
    expect(flatRateOf('2.9')).toBeNull();
  });

  it('charges the percentage rounded half up to the cent, plus the item fee', () => {
    // 2.90 % of 25.00 is 0.725 -> 0.73, plus 0.30.
    expect(passedOnFeeCents(2500, '2.90+0.30')).toBe(103);
    // 2.90 % of 10.00 is exactly 0.29.
    expect(passedOnFeeCents(1000, '2.90+0.30')).toBe(59);
    // 3.5 % of 0.01 rounds to nothing; the item fee stays.
    expect(passedOnFeeCents(1, '3.5+0.10')).toBe(10);
    // Large amounts stay exact: 2.9 % of 99,999,999,999.99.
    expect(passedOnFeeCents(9_999_999_999_999, '2.90+0.00')).toBe(290_000_000_000);
  });

  it('passes nothing on for interchange-plus pricing, no rate or no amount', () => {
    expect(passedOnFeeCents(2500, 'IC+10bps+5c')).toBe(0);
    expect(passedOnFeeCents(2500, null)).toBe(0);
    expect(passedOnFeeCents(0, '2.90+0.30')).toBe(0);
  });

  it('adds the fee to the charge only when the page shows it', () => {
    expect(chargeWithFee(2500, '2.90+0.30', true)).toEqual({ feeCents: 103, totalCents: 2603 });
    expect(chargeWithFee(2500, '2.90+0.30', false)).toEqual({ feeCents: 0, totalCents: 2500 });
    expect(chargeWithFee(2500, null, true)).toEqual({ feeCents: 0, totalCents: 2500 });
  });
});

describe('the passed-on rate of a payment method', () => {
  const rates = { credit_card: '3.00+0.30', bank: '1.00+0.25' };
  it('charges the card rate however the card comes in', () => {
    for (const method of ['credit_card', 'swipe', 'apple_pay', 'google_pay', 'newpos', 'pax', 'terminal']) {
      expect(passedOnRateOfMethod(method, rates)).toBe('3.00+0.30');
    }
  });
  it('charges the bank rate for a bank account and nothing for cash or a saved method', () => {
    expect(passedOnRateOfMethod('bank', rates)).toBe('1.00+0.25');
    expect(passedOnRateOfMethod('cash', rates)).toBeNull();
    expect(passedOnRateOfMethod('saved', rates)).toBeNull();
  });
  it('charges nothing where the merchant does not pass the rate on', () => {
    expect(passedOnRateOfMethod('swipe', { credit_card: null, bank: null })).toBeNull();
  });
});
