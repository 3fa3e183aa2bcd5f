import { describe, expect, it } from 'vitest';
import { chargeAmountOf } from './amount';
import { PaymentFrameText } from './texts';

describe('chargeAmountOf', () => {
  it('gives cents for a valid amount within the limit', () => {
    expect(chargeAmountOf('12.5', 100_000)).toEqual({ ok: true, cents: 1250 });
    expect(chargeAmountOf(' 1000.00 ', 100_000)).toEqual({ ok: true, cents: 100_000 });
  });

  it('names each bad amount', () => {
    const message = (text: string) => {
      const result = chargeAmountOf(text, 100_000);
      return result.ok ? null : result.message;
    };
    expect(message('')).toBe(PaymentFrameText.FieldRequired);
    expect(message('1.005')).toBe(PaymentFrameText.AmountTooManyDecimals);
    expect(message('-5.00')).toBe(PaymentFrameText.AmountNotPositive);
    expect(message('0')).toBe(PaymentFrameText.AmountNotPositive);
    expect(message('abc')).toBe(PaymentFrameText.AmountNotValid);
    expect(message('1000.01')).toBe(PaymentFrameText.AmountOverLimit);
  });
});
