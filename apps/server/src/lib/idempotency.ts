import { createHash } from 'node:crypto';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema/system';
import { AppError } from './app-error';

export type IdempotentRequest = {
  key: string;
  userId: string;
  method: string;
  path: string;
  body: unknown;
};

export type IdempotentResult<T> = { status: number; body: T; replayed: boolean };

export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;

// Key order must not change the hash: the same request written differently is the same request.
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(request: Pick<IdempotentRequest, 'method' | 'path' | 'body'>): string {
  return createHash('sha256')
    .update(`${request.method} ${request.path}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

// Runs a money-moving operation at most once per (user, Idempotency-Key).
// The key row is inserted in the same transaction as the operation: a concurrent request with the
// same key blocks on the unique index until the first commits, then replays its stored answer. If
// the operation fails the transaction rolls back, the key is released and a retry runs afresh.
export async function runIdempotent<T>(
  db: Db,
  request: IdempotentRequest,
  responseSchema: z.ZodType<T>,
  operation: (tx: Tx) => Promise<{ status: number; body: T }>,
): Promise<IdempotentResult<T>> {
  if (!idempotencyKeyPattern.test(request.key)) {
    throw new AppError(
      CommonErrorCode.ValidationFailed,
      'validation',
      'Idempotency-Key must be 8 to 128 letters, digits, dashes or underscores',
    );
  }
  const hash = requestHash(request);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({
        key: request.key,
        userId: request.userId,
        method: request.method,
        path: request.path,
        requestHash: hash,
      })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });

    const claimed = inserted[0];
    if (!claimed) return replayStored(tx, request, hash, responseSchema);

    const result = await operation(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: result.body, completedAt: new Date() })
      .where(eq(idempotencyKeys.id, claimed.id));
    return { ...result, replayed: false };
  });
}

async function replayStored<T>(
  tx: Tx,
  request: IdempotentRequest,
  hash: string,
  responseSchema: z.ZodType<T>,
): Promise<IdempotentResult<T>> {
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!stored || stored.requestHash !== hash) {
    throw new AppError(
      CommonErrorCode.IdempotencyKeyReused,
      'conflict',
      'This Idempotency-Key was already used for a different request',
    );
  }
  if (stored.responseStatus === null) {
    throw new AppError(
      CommonErrorCode.IdempotentRequestInFlight,
      'conflict',
      'A request with this Idempotency-Key is still being processed',
    );
  }
  return { status: stored.responseStatus, body: responseSchema.parse(stored.responseBody), replayed: true };
}
