import { describe, expect, it } from 'vitest';
import { cardProblemOf, isCardExpired, isLuhnValid, isRoutingNumberValid } from './card';
import { PaymentFrameText } from './texts';

const now = new Date('2026-11-25T12:00:00Z');
const good = { number: '1111 1111 1111 1117', expMonth: '12', expYear: '2030', cvv: '123' };

describe('card checks', () => {
  it('Luhn: accepts valid numbers and refuses a changed digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('1111111111111117')).toBe(true);
    expect(isLuhnValid('1111111111111118')).toBe(false);
    expect(isLuhnValid('12345')).toBe(false);
  });

  it('a card is good through its expiry month', () => {
    expect(isCardExpired(11, 2026, now)).toBe(false);
    expect(isCardExpired(10, 2026, now)).toBe(true);
    expect(isCardExpired(1, 25, now)).toBe(true);
    expect(isCardExpired(1, 27, now)).toBe(false);
  });

  it('names the first problem of a card', () => {
    expect(cardProblemOf(good, now, true)).toBeNull();
    expect(cardProblemOf({ ...good, number: '1111111111111118' }, now, true)).toBe(
      PaymentFrameText.CardNumberNotValid,
    );
    expect(cardProblemOf({ ...good, number: '4242424242424242' }, now, true)).toBe(
      PaymentFrameText.SandboxCardOnly,
    );
    expect(cardProblemOf({ ...good, expYear: '2025' }, now, true)).toBe(PaymentFrameText.CardExpired);
    expect(cardProblemOf({ ...good, expMonth: '13' }, now, true)).toBe(PaymentFrameText.ExpiryNotValid);
    expect(cardProblemOf({ ...good, cvv: '12' }, now, true)).toBe(PaymentFrameText.CvvNotValid);
  });

  it('routing numbers carry the ABA checksum', () => {
    expect(isRoutingNumberValid('011000015')).toBe(true);
    expect(isRoutingNumberValid('011000016')).toBe(false);
    expect(isRoutingNumberValid('01100001')).toBe(false);
  });
});
