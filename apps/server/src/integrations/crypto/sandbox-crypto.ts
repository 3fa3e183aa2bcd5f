import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { CryptoKycProvider } from './crypto-provider';

// The sandbox stands in for the provider's KYC page: its link opens Portico's own
// GET /api/crypto/sandbox/kyc, which completes the merchant's KYC. The link is a capability like the
// click-to-agree link: 'v1.<expiry seconds>.<HMAC-SHA256 over version, merchant id and expiry>', keyed
// by a sub-key of the data key, so it needs no table and survives restarts.

export const sandboxCryptoProviderName = 'sandbox';
export const sandboxKycPath = '/api/crypto/sandbox/kyc';
export const sandboxKycLinkValidityMs = 60 * 60 * 1000;

const VERSION = 'v1';
const MAC_BYTES = 32;
// The shape alone is checked before any key is loaded.
export const sandboxKycTokenPattern = /^v1\.\d{1,12}\.[A-Za-z0-9_-]{43}$/;

// HKDF with its own label: the data key itself never signs anything.
export function deriveSandboxKycKey(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'portico crypto sandbox kyc link v1', 32));
}

export type SandboxCryptoProvider = CryptoKycProvider & {
  verify(merchantId: string, token: string, now: Date): boolean;
};

export function createSandboxCryptoProvider(key: Buffer, publicUrl: string): SandboxCryptoProvider {
  const macOf = (merchantId: string, expirySeconds: string) =>
    createHmac('sha256', key).update(`${VERSION}|${merchantId.toLowerCase()}|${expirySeconds}`).digest();
  const base = publicUrl.replace(/\/$/, '');
  return {
    name: sandboxCryptoProviderName,
    kycLink(merchantId, now) {
      const expiresAt = new Date(now.getTime() + sandboxKycLinkValidityMs);
      const expirySeconds = String(Math.floor(expiresAt.getTime() / 1000));
      const token = `${VERSION}.${expirySeconds}.${macOf(merchantId, expirySeconds).toString('base64url')}`;
      const query = new URLSearchParams({ 'merchant-id': merchantId.toLowerCase(), token });
      return { url: `${base}${sandboxKycPath}?${query.toString()}`, expiresAt };
    },
    verify(merchantId, token, now) {
      if (!sandboxKycTokenPattern.test(token)) return false;
      const [, expirySeconds = '', macText = ''] = token.split('.');
      const given = Buffer.from(macText, 'base64url');
      // Canonical text only: the last base64 character has spare bits, which must not make twins.
      if (given.length !== MAC_BYTES || given.toString('base64url') !== macText) return false;
      // Constant time: the comparison must not tell how many leading bytes were right.
      const isAuthentic = timingSafeEqual(given, macOf(merchantId, expirySeconds));
      return isAuthentic && Number(expirySeconds) * 1000 > now.getTime();
    },
  };
}
