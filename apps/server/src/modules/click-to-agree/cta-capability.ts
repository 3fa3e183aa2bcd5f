import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { ctaLinkValidityDays, ctaTokenPattern } from '@portico/contracts/enrollment/click-to-agree';

// The click-to-agree link is a capability: whoever holds it may complete and agree to that one
// enrollment until it expires. Stateless: 'v1.<expiry seconds>.<HMAC-SHA256 over version, enrollment
// id and expiry>', keyed by a sub-key of the data key, so it survives restarts and needs no table.

const VERSION = 'v1';
const MAC_BYTES = 32;
export const ctaLinkValidityMs = ctaLinkValidityDays * 24 * 60 * 60 * 1000;

// HKDF with its own label: the data key itself never signs anything.
export function deriveCtaLinkKey(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'portico click-to-agree link v1', 32));
}

export type CtaCapability = {
  issue(enrollmentId: string, now: Date): { token: string; expiresAt: Date };
  verify(enrollmentId: string, token: string, now: Date): boolean;
};

export function createCtaCapability(key: Buffer): CtaCapability {
  const macOf = (enrollmentId: string, expirySeconds: string) =>
    createHmac('sha256', key).update(`${VERSION}|${enrollmentId.toLowerCase()}|${expirySeconds}`).digest();
  return {
    issue(enrollmentId, now) {
      const expiresAt = new Date(now.getTime() + ctaLinkValidityMs);
      const expirySeconds = String(Math.floor(expiresAt.getTime() / 1000));
      const mac = macOf(enrollmentId, expirySeconds).toString('base64url');
      return { token: `${VERSION}.${expirySeconds}.${mac}`, expiresAt };
    },
    verify(enrollmentId, token, now) {
      if (!ctaTokenPattern.test(token)) return false;
      const [, expirySeconds = '', macText = ''] = token.split('.');
      const given = Buffer.from(macText, 'base64url');
      // Canonical text only: the last base64 character has spare bits, which must not make twins.
      if (given.length !== MAC_BYTES || given.toString('base64url') !== macText) return false;
      // Constant time: the comparison must not tell how many leading bytes were right.
      const isAuthentic = timingSafeEqual(given, macOf(enrollmentId, expirySeconds));
      return isAuthentic && Number(expirySeconds) * 1000 > now.getTime();
    },
  };
}
