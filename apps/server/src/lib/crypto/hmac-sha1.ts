import { createHmac } from 'node:crypto';
import type { HmacSha1 } from '@portico/contracts/auth/totp';

// HMAC-SHA-1 for the one-time-password rules in contracts, which take the HMAC as a parameter.
export const hmacSha1: HmacSha1 = (key, message) => createHmac('sha1', key).update(message).digest();
