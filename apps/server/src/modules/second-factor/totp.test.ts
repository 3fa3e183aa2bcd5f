import { createHmac } from 'node:crypto';
import { formatRecoveryCode, normalizeRecoveryCode } from '@portico/contracts/auth/second-factor';
import {
  base32Decode,
  base32Encode,
  type HmacSha1,
  hotpCode,
  matchingTotpStep,
  normalizeTotpCode,
  otpauthUri,
  totpCodeAt,
  totpStepAt,
} from '@portico/contracts/auth/totp';
import { describe, expect, it } from 'vitest';

const hmacSha1: HmacSha1 = (key, message) => createHmac('sha1', key).update(message).digest();
// The SHA-1 seed of RFC 6238's appendix B: the ASCII digits 1 to 0, twice.
const rfcKey = new TextEncoder().encode('12345678901234567890');

describe('TOTP (RFC 6238, HMAC-SHA-1)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('answers the RFC test vector at T=%i s: %s', (seconds, expected) => {
    expect(totpCodeAt(rfcKey, seconds * 1000, hmacSha1, 8)).toBe(expected);
    // Six digits are the last six of the same number.
    expect(totpCodeAt(rfcKey, seconds * 1000, hmacSha1)).toBe(expected.slice(2));
  });

  it('answers RFC 4226 HOTP vectors for counters 0 to 2', () => {
    expect([0, 1, 2].map((counter) => hotpCode(rfcKey, counter, hmacSha1))).toEqual([
      '755224',
      '287082',
      '359152',
    ]);
  });

  it('counts 30-second steps from the epoch', () => {
    expect(totpStepAt(0)).toBe(0);
    expect(totpStepAt(29_999)).toBe(0);
    expect(totpStepAt(30_000)).toBe(1);
  });
});

describe('base32', () => {
  it('round-trips bytes and reads what people copy (lower case, spaces, padding)', () => {
    const bytes = Uint8Array.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    const text = base32Encode(bytes);
    expect(base32Decode(text)).toEqual(bytes);
    expect(base32Decode(` ${text.toLowerCase().replace(/(.{4})/g, '$1 ')}==`)).toEqual(bytes);
    expect(base32Encode(new TextEncoder().encode('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZ1W')).toBeNull();
  });
});

describe('the replay window', () => {
  const at = 1_700_000_000_000;
  const step = totpStepAt(at);
  const codeOf = (s: number) => hotpCode(rfcKey, s, hmacSha1);
  const match = (code: string, lastUsedStep: number | null, epochMs = at) =>
    matchingTotpStep({ key: rfcKey, code, epochMs, lastUsedStep, hmac: hmacSha1 });

  it('accepts the current step and one step either side, nothing further', () => {
    expect(match(codeOf(step), null)).toBe(step);
    expect(match(codeOf(step - 1), null)).toBe(step - 1);
    expect(match(codeOf(step + 1), null)).toBe(step + 1);
    expect(match(codeOf(step - 2), null)).toBeNull();
    expect(match(codeOf(step + 2), null)).toBeNull();
  });

  it('refuses a code of the last accepted step or an earlier one, within its whole window', () => {
    expect(match(codeOf(step), step)).toBeNull();
    expect(match(codeOf(step), step, at + 29_000)).toBeNull();
    expect(match(codeOf(step - 1), step)).toBeNull();
    // The next step's code is still good once the previous one was used.
    expect(match(codeOf(step + 1), step)).toBe(step + 1);
  });

  it('refuses a wrong code', () => {
    const wrong = codeOf(step) === '000000' ? '000001' : '000000';
    expect(match(wrong, null)).toBeNull();
  });
});

describe('typed codes', () => {
  it('takes six digits, spaces dropped', () => {
    expect(normalizeTotpCode(' 123 456 ')).toBe('123456');
    expect(normalizeTotpCode('12345')).toBeNull();
    expect(normalizeTotpCode('12345a')).toBeNull();
  });

  it('reads a recovery code with or without dashes, in any case', () => {
    expect(normalizeRecoveryCode('K7M2-P9QR-X4TA')).toBeNull();
    expect(normalizeRecoveryCode('K7M2-P7QR-X4TA')).toBe('k7m2p7qrx4ta');
    expect(formatRecoveryCode('k7m2p7qrx4ta')).toBe('k7m2-p7qr-x4ta');
    expect(normalizeRecoveryCode('k7m2')).toBeNull();
  });

  it('writes the otpauth address authenticator apps read', () => {
    expect(otpauthUri({ accountName: 'ann@example.com', secretBase32: 'MZXW6YTBOI' })).toBe(
      'otpauth://totp/Portico:ann%40example.com?secret=MZXW6YTBOI&issuer=Portico&algorithm=SHA1&digits=6&period=30',
    );
  });
});
