import { z } from 'zod';

// Addresses are compared and stored lowercased, so every sign-in call normalises first.
export function normalizeEmailAddress(raw: string): string {
  return raw.trim().toLowerCase();
}

const emailFormat = z.email();

// 254 is the longest address SMTP can carry (RFC 5321 path limit minus the brackets).
export function isValidEmailAddress(normalized: string): boolean {
  return normalized.length <= 254 && emailFormat.safeParse(normalized).success;
}
