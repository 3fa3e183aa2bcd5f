// Time-based one-time passwords (RFC 6238 over RFC 4226): HMAC-SHA-1, 6 digits, 30-second steps,
// one step of clock drift either way. The HMAC is passed in (node:crypto on the server and in the
// end-to-end specs), so the contracts stay free of a crypto library and both use this one rule.

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
// Steps accepted before and after the current one (a phone's clock a little off, a code typed late).
export const TOTP_DRIFT_STEPS = 1;
// 160 bits, the HMAC-SHA-1 block's natural key size (RFC 4226 recommends at least 128).
export const TOTP_SECRET_BYTES = 20;
export const TOTP_ISSUER = 'Portico';

export type HmacSha1 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

// Accepts what people copy: lower case, spaces and '=' padding. null when a character is not base32.
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

// The time step of a moment: whole periods since the Unix epoch.
export function totpStepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP_PERIOD_SECONDS);
}

// RFC 4226 HOTP: the counter as 8 big-endian bytes, dynamic truncation, the last `digits` digits.
export function hotpCode(
  key: Uint8Array,
  counter: number,
  hmac: HmacSha1,
  digits: number = TOTP_DIGITS,
): string {
  const message = new Uint8Array(8);
  let rest = counter;
  for (let i = 7; i >= 0; i -= 1) {
    message[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  const mac = hmac(key, message);
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) |
    ((mac[offset + 1] ?? 0) << 16) |
    ((mac[offset + 2] ?? 0) << 8) |
    (mac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpCodeAt(
  key: Uint8Array,
  epochMs: number,
  hmac: HmacSha1,
  digits: number = TOTP_DIGITS,
): string {
  return hotpCode(key, totpStepAt(epochMs), hmac, digits);
}

// Six digits; spaces people type between groups are dropped first.
export function normalizeTotpCode(input: string): string | null {
  const code = input.replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

// Compares every character whatever the first difference, so the time taken says nothing.
function isSameCode(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

// The step a typed code belongs to, within the drift window around now, and later than the last
// step a code was accepted for: a code works once, and an older one never after a newer one.
// null: not a valid code now, or already used.
export function matchingTotpStep(input: {
  key: Uint8Array;
  code: string;
  epochMs: number;
  lastUsedStep: number | null;
  hmac: HmacSha1;
}): number | null {
  const now = totpStepAt(input.epochMs);
  let match: number | null = null;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step += 1) {
    const isFresh = input.lastUsedStep === null || step > input.lastUsedStep;
    if (isSameCode(hotpCode(input.key, step, input.hmac), input.code) && isFresh && match === null)
      match = step;
  }
  return match;
}

// The otpauth:// address authenticator apps read from the QR code (Key Uri Format).
export function otpauthUri(input: { accountName: string; secretBase32: string }): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(input.accountName)}`;
  const params = new URLSearchParams({
    secret: input.secretBase32,
    issuer: TOTP_ISSUER,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

// The secret as people type it from the screen: groups of four.
export function groupedSecret(secretBase32: string): string {
  return secretBase32.replace(/(.{4})/g, '$1 ').trim();
}
