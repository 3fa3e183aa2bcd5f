import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

// The server's signature over a payment frame's `params` text (the design is written at the top of
// packages/contracts/src/payment-frame/params.ts). HMAC-SHA256, base64url, keyed by a sub-key of the
// data key: it survives restarts and is the same on every instance.

const MAC_BYTES = 32;

// HKDF with its own label: the data key itself never signs anything.
function derivePaymentFrameKey(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'portico payment frame params v1', 32));
}

const keys = new WeakMap<Buffer, Buffer>();
function keyOf(dataKey: Buffer): Buffer {
  let key = keys.get(dataKey);
  if (key === undefined) {
    key = derivePaymentFrameKey(dataKey);
    keys.set(dataKey, key);
  }
  return key;
}

function macOf(dataKey: Buffer, encodedParams: string): Buffer {
  return createHmac('sha256', keyOf(dataKey)).update(encodedParams).digest();
}

export function signPaymentFrameParams(app: Pick<FastifyInstance, 'dataKey'>, encodedParams: string): string {
  return macOf(app.dataKey(), encodedParams).toString('base64url');
}

export function isPaymentFrameSignatureValid(
  app: Pick<FastifyInstance, 'dataKey'>,
  encodedParams: string,
  sig: string | undefined,
): boolean {
  if (sig === undefined) return false;
  const given = Buffer.from(sig, 'base64url');
  // Canonical text only: spare bits of the last character must not make twins.
  if (given.length !== MAC_BYTES || given.toString('base64url') !== sig) return false;
  // Constant time: the comparison must not tell how many leading bytes were right.
  return timingSafeEqual(given, macOf(app.dataKey(), encodedParams));
}
