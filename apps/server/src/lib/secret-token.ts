import { createHash, randomBytes } from 'node:crypto';

// 256-bit random secrets (session ids, login links); base64url keeps them URL- and cookie-safe.
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

// Only this digest is stored: a copy of the table cannot be replayed as cookies or links. A plain
// SHA-256 suffices because the input is 256 bits of randomness, not a password.
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
