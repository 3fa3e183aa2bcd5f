import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type SignedCookieOptions = { path: string; maxAgeSeconds: number; secure: boolean };

// Short-lived browser-bound state (the social sign-in round trip, a credential waiting to be linked)
// lives in an HMAC-signed HttpOnly cookie with its own expiry inside, so nothing needs a table.
export function writeSignedJsonCookie(
  reply: FastifyReply,
  name: string,
  payload: Record<string, unknown>,
  options: SignedCookieOptions,
): void {
  const value = Buffer.from(
    JSON.stringify({ ...payload, exp: Date.now() + options.maxAgeSeconds * 1000 }),
    'utf8',
  ).toString('base64url');
  reply.setCookie(name, value, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    path: options.path,
    secure: options.secure,
    maxAge: options.maxAgeSeconds,
  });
}

// undefined for a missing, tampered, malformed or expired cookie.
export function readSignedJsonCookie<T extends z.ZodType>(
  request: FastifyRequest,
  name: string,
  schema: T,
): z.infer<T> | undefined {
  const raw = request.cookies[name];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const expiry =
    typeof decoded === 'object' && decoded !== null && 'exp' in decoded ? decoded.exp : undefined;
  if (typeof expiry !== 'number' || expiry < Date.now()) return undefined;
  const parsed = schema.safeParse(decoded);
  return parsed.success ? parsed.data : undefined;
}

export function clearCookie(reply: FastifyReply, name: string, options: { path: string; secure: boolean }) {
  reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', path: options.path, secure: options.secure });
}
