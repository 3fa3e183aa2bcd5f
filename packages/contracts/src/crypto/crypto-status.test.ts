import { describe, expect, it } from 'vitest';
import {
  cryptoKycSsoResponse,
  cryptoMerchantQuery,
  cryptoStatusOf,
  cryptoStatusResponse,
  isCryptoKycPending,
} from './crypto-status';

describe('crypto status contract', () => {
  it('parses the status answer with the product fields', () => {
    const answer = {
      status: true,
      message: {
        crypto_provider: 'forumpay',
        crypto_status: 'pending',
        crypto_enabled: false,
        crypto_kyc_link: 'http://localhost:3000/api/crypto/sandbox/kyc?merchant-id=x&token=y',
      },
    };
    expect(cryptoStatusResponse.parse(answer)).toEqual(answer);
    expect(
      cryptoStatusResponse.safeParse({
        status: true,
        message: { ...answer.message, crypto_provider: 'bitpay' },
      }).success,
    ).toBe(false);
    expect(
      cryptoStatusResponse.parse({
        status: true,
        message: {
          crypto_provider: false,
          crypto_status: 'disabled',
          crypto_enabled: false,
          crypto_kyc_link: null,
        },
      }).message.crypto_provider,
    ).toBe(false);
  });

  it('parses the kyc-sso answer and refuses a link that is not a url', () => {
    expect(
      cryptoKycSsoResponse.parse({ status: true, message: { kyc_link: null } }).message.kyc_link,
    ).toBeNull();
    expect(
      cryptoKycSsoResponse.safeParse({ status: true, message: { kyc_link: 'not a link' } }).success,
    ).toBe(false);
  });

  it('needs a uuid merchant-id', () => {
    expect(cryptoMerchantQuery.safeParse({ 'merchant-id': 'abc' }).success).toBe(false);
    expect(
      cryptoMerchantQuery.safeParse({ 'merchant-id': '6f1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11' }).success,
    ).toBe(true);
  });

  it('enables curpay at once and forumpay only once its state is enabled', () => {
    expect(cryptoStatusOf(false, null)).toEqual({ crypto_status: 'disabled', crypto_enabled: false });
    expect(cryptoStatusOf('curpay', null)).toEqual({ crypto_status: 'enabled', crypto_enabled: true });
    expect(cryptoStatusOf('forumpay', null)).toEqual({ crypto_status: 'pending', crypto_enabled: false });
    expect(cryptoStatusOf('forumpay', 'enabled')).toEqual({ crypto_status: 'enabled', crypto_enabled: true });
  });

  it('polls only while a forumpay provider is not yet enabled', () => {
    const base = { crypto_status: 'pending', crypto_kyc_link: null };
    expect(isCryptoKycPending({ ...base, crypto_provider: 'forumpay', crypto_enabled: false })).toBe(true);
    expect(isCryptoKycPending({ ...base, crypto_provider: 'forumpay', crypto_enabled: true })).toBe(false);
    expect(isCryptoKycPending({ ...base, crypto_provider: 'curpay', crypto_enabled: false })).toBe(false);
    expect(isCryptoKycPending({ ...base, crypto_provider: false, crypto_enabled: false })).toBe(false);
    expect(isCryptoKycPending(undefined)).toBe(false);
  });
});
