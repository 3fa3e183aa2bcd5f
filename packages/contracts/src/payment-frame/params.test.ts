import { describe, expect, it } from 'vitest';
import {
  decodePaymentFrameParams,
  encodePaymentFrameParams,
  type PaymentFrameParams,
  paymentFrameAddress,
  withFrameColorScheme,
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

  describe('the colour scheme', () => {
    // The params text of a link made before the frame had a colour scheme.
    const oldLink =
      'eyJwdWJsaXNoYWJsZUtleSI6IjZmMWMyYTM0LTViNmQtNGU3Zi04YTliLTBjMWQyZTNmNGE1YiIsImFtb3VudCI6IjEyLjUwIiwic3R5bGVzIjp7ImlucHV0U3R5bGUiOnsibW9kZSI6ImJveGVkIn19fQ==';
    const oldParams: PaymentFrameParams = {
      publishableKey: key,
      amount: '12.50',
      styles: { inputStyle: { mode: 'boxed' } },
    };

    it('reads a link without one unchanged (light), and round-trips light and dark', () => {
      const decoded = decodePaymentFrameParams(oldLink);
      expect(decoded).toEqual({ ok: true, params: oldParams });
      expect(decoded.ok && 'colorScheme' in decoded.params).toBe(false);
      for (const colorScheme of ['light', 'dark'] as const) {
        const params: PaymentFrameParams = { ...oldParams, colorScheme };
        expect(decodePaymentFrameParams(encodePaymentFrameParams(params))).toEqual({ ok: true, params });
      }
    });

    it('refuses any other value', () => {
      const encode = (value: unknown) => btoa(JSON.stringify(value));
      for (const colorScheme of ['Dark', 'sepia', 'auto', '', true, null]) {
        expect(decodePaymentFrameParams(encode({ publishableKey: key, colorScheme })).ok).toBe(false);
      }
    });

    it("puts a host's dark scheme in, and leaves light out so a light frame's params are the text they were", () => {
      expect(withFrameColorScheme(oldParams, 'dark')).toEqual({ ...oldParams, colorScheme: 'dark' });
      expect(encodePaymentFrameParams(withFrameColorScheme(oldParams, 'light'))).toBe(oldLink);
      // The host's scheme replaces one the params already carry (a stored terminal's, say).
      const storedDark: PaymentFrameParams = { ...oldParams, colorScheme: 'dark' };
      expect(withFrameColorScheme(storedDark, 'light')).toEqual(oldParams);
      expect(withFrameColorScheme({ ...oldParams, colorScheme: 'light' }, 'dark').colorScheme).toBe('dark');
    });
  });
});
