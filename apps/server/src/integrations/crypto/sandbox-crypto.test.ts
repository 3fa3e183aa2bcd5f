import { describe, expect, it } from 'vitest';
import {
  createSandboxCryptoProvider,
  deriveSandboxKycKey,
  sandboxKycLinkValidityMs,
  sandboxKycPath,
} from './sandbox-crypto';

const merchantId = '6f1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11';
const otherMerchant = '7a2d2f7e-3f43-4d0b-9a55-0d6f0c7f2a12';
const now = new Date('2026-06-15T16:00:00.000Z');
const provider = createSandboxCryptoProvider(deriveSandboxKycKey(Buffer.alloc(32, 7)), 'http://portal.test/');

function tokenOf(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}

describe('sandbox crypto KYC provider', () => {
  it('links to the sandbox KYC page with a token for that merchant only', () => {
    const link = provider.kycLink(merchantId, now);
    const url = new URL(link.url);
    expect(`${url.origin}${url.pathname}`).toBe(`http://portal.test${sandboxKycPath}`);
    expect(url.searchParams.get('merchant-id')).toBe(merchantId);
    expect(provider.verify(merchantId, tokenOf(link.url), now)).toBe(true);
    expect(provider.verify(otherMerchant, tokenOf(link.url), now)).toBe(false);
  });

  it('refuses an expired, altered or foreign-keyed token', () => {
    const token = tokenOf(provider.kycLink(merchantId, now).url);
    expect(
      provider.verify(merchantId, token, new Date(now.getTime() + sandboxKycLinkValidityMs + 1000)),
    ).toBe(false);
    const [version, expiry, mac = ''] = token.split('.');
    expect(provider.verify(merchantId, `${version}.${Number(expiry) + 3600}.${mac}`, now)).toBe(false);
    const other = createSandboxCryptoProvider(deriveSandboxKycKey(Buffer.alloc(32, 8)), 'http://portal.test');
    expect(other.verify(merchantId, token, now)).toBe(false);
    expect(provider.verify(merchantId, 'forged', now)).toBe(false);
  });
});
