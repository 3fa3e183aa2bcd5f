import { describe, expect, it } from 'vitest';
import {
  decodePaymentFrameParams,
  encodePaymentFrameParams,
  type PaymentFrameParams,
  paymentFrameAddress,
} from './params';

const key = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('payment frame params', () => {
  it('round-trips through base64 JSON, non-ASCII text included', () => {
    const params: PaymentFrameParams = {
      publishableKey: key,
      paymentOptions: ['credit_card', 'bank'],
      amount: '12.50',
      description: 'Café — consultation',
      customFields: [{ name: 'Clinic Location', type: 'dropdown', values: ['North', 'South'] }],
      styles: { submitButtonStyle: { appearance: 'custom', backgroundColor: '#f6951e' } },
    };
    expect(decodePaymentFrameParams(encodePaymentFrameParams(params))).toEqual({ ok: true, params });
  });

  it('accepts the base64url spelling of the same text', () => {
    const encoded = encodePaymentFrameParams({ publishableKey: key, description: '>>>???' });
    const urlSafe = encoded.replace(/\+/g, '-').replace(/\//g, '_');
    expect(decodePaymentFrameParams(urlSafe).ok).toBe(true);
  });

  it('refuses unknown keys, a missing key, three decimals and garbage', () => {
    const encode = (value: unknown) => btoa(JSON.stringify(value));
    expect(decodePaymentFrameParams(encode({ publishableKey: key, apikey: 'x' })).ok).toBe(false);
    expect(decodePaymentFrameParams(encode({ amount: '1.00' })).ok).toBe(false);
    expect(decodePaymentFrameParams(encode({ publishableKey: key, amount: '1.001' })).ok).toBe(false);
    expect(decodePaymentFrameParams(encode({ publishableKey: key, amount: '-1.00' })).ok).toBe(false);
    expect(decodePaymentFrameParams(encode({ publishableKey: key, paymentOptions: ['gold'] })).ok).toBe(
      false,
    );
    expect(decodePaymentFrameParams('%%%').ok).toBe(false);
    expect(decodePaymentFrameParams(btoa('not json')).ok).toBe(false);
    expect(decodePaymentFrameParams('').ok).toBe(false);
  });

  it('builds the frame address with the signature only when there is one', () => {
    expect(paymentFrameAddress('https://p.example/', 'abc+/=')).toBe(
      'https://p.example/app/responsive-iframe/payment?params=abc%2B%2F%3D',
    );
    expect(paymentFrameAddress('https://p.example', 'abc', 'S1g')).toBe(
      'https://p.example/app/responsive-iframe/payment?params=abc&sig=S1g',
    );
  });
});
