import { describe, expect, it } from 'vitest';
import { createCtaCapability, ctaLinkValidityMs, deriveCtaLinkKey } from './cta-capability';

const dataKey = Buffer.from('4f'.repeat(32), 'hex');
const capability = createCtaCapability(deriveCtaLinkKey(dataKey));
const enrollmentId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const otherId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const sentAt = new Date('2025-06-15T08:30:00Z');

describe('click-to-agree capability', () => {
  it('opens its own enrollment for 14 days, and no longer', () => {
    const { token, expiresAt } = capability.issue(enrollmentId, sentAt);
    expect(expiresAt.getTime() - sentAt.getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    expect(
      capability.verify(enrollmentId, token, new Date(sentAt.getTime() + ctaLinkValidityMs - 1000)),
    ).toBe(true);
    expect(capability.verify(enrollmentId.toUpperCase(), token, sentAt)).toBe(true);
    expect(capability.verify(enrollmentId, token, expiresAt)).toBe(false);
  });

  it('does not open another enrollment', () => {
    const { token } = capability.issue(enrollmentId, sentAt);
    expect(capability.verify(otherId, token, sentAt)).toBe(false);
  });

  it('refuses a token with a moved expiry, a changed MAC or another key', () => {
    const { token } = capability.issue(enrollmentId, sentAt);
    const [version, expiry, mac] = token.split('.');
    const later = `${version}.${Number(expiry) + 86_400}.${mac}`;
    expect(capability.verify(enrollmentId, later, sentAt)).toBe(false);
    for (let i = 0; i < 43; i += 7) {
      const flipped = `${mac?.slice(0, i)}${mac?.[i] === 'A' ? 'B' : 'A'}${mac?.slice(i + 1)}`;
      expect(capability.verify(enrollmentId, `${version}.${expiry}.${flipped}`, sentAt)).toBe(false);
    }
    // The spare bits of the last character do not make a second valid spelling.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = `${mac?.slice(0, -1)}${alphabet[alphabet.indexOf(mac?.at(-1) ?? 'A') ^ 1]}`;
    expect(Buffer.from(twin, 'base64url').equals(Buffer.from(mac ?? '', 'base64url'))).toBe(true);
    expect(capability.verify(enrollmentId, `${version}.${expiry}.${twin}`, sentAt)).toBe(false);
    const otherKey = createCtaCapability(deriveCtaLinkKey(Buffer.from('50'.repeat(32), 'hex')));
    expect(otherKey.verify(enrollmentId, token, sentAt)).toBe(false);
    expect(capability.verify(enrollmentId, 'v1.1.abc', sentAt)).toBe(false);
  });

  it('never signs with the data key itself', () => {
    expect(deriveCtaLinkKey(dataKey).equals(dataKey)).toBe(false);
    expect(deriveCtaLinkKey(dataKey)).toHaveLength(32);
  });
});
