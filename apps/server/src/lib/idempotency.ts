import { createHash } from 'node:crypto';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../db/client';
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

export function assertIdempotencyKey(key: string): void {
  if (!idempotencyKeyPattern.test(key)) {
    throw new AppError(
      CommonErrorCode.ValidationFailed,
      'validation',
      'Idempotency-Key must be 8 to 128 letters, digits, dashes or underscores',
    );
  }
}

export function idempotentRequestInFlight(): AppError {
  return new AppError(
    CommonErrorCode.IdempotentRequestInFlight,
    'conflict',
    'A request with this Idempotency-Key is still being processed',
  );
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
  assertIdempotencyKey(request.key);
  const hash = requestHash(request);
  return db.transaction(async (tx) => {
    const claimedId = await claimIdempotencyKey(tx, request, hash);
    if (claimedId === null) {
      const stored = await storedIdempotentAnswer(tx, request, hash, responseSchema);
      if (stored === null) throw idempotentRequestInFlight();
      return stored;
    }
    const result = await operation(tx);
    await saveIdempotentAnswer(tx, request, result);
    return { ...result, replayed: false };
  });
}

// Claims the key for this request: its row id, or null when the key is already taken (then, on
// PostgreSQL, only after the transaction that took it has ended).
export async function claimIdempotencyKey(
  tx: Tx,
  request: IdempotentRequest,
  hash: string,
): Promise<string | null> {
  const [inserted] = await tx
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
  return inserted?.id ?? null;
}

// The answer stored for a taken key, replayed; null while its request has no answer yet. The same key
// for a different request is refused.
export async function storedIdempotentAnswer<T>(
  executor: Executor,
  request: Pick<IdempotentRequest, 'key' | 'userId'>,
  hash: string,
  responseSchema: z.ZodType<T>,
): Promise<IdempotentResult<T> | null> {
  const [stored] = await executor
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
  if (stored.responseStatus === null) return null;
  return { status: stored.responseStatus, body: responseSchema.parse(stored.responseBody), replayed: true };
}

export async function saveIdempotentAnswer(
  tx: Tx,
  request: Pick<IdempotentRequest, 'key' | 'userId'>,
  result: { status: number; body: unknown },
): Promise<void> {
  await idempotentAnswerUpdate(tx, request, result);
}

// The update that stores the answer, unexecuted: a caller may run it inside a larger statement.
export function idempotentAnswerUpdate(
  executor: Executor,
  request: Pick<IdempotentRequest, 'key' | 'userId'>,
  result: { status: number; body: unknown },
) {
  return executor
    .update(idempotencyKeys)
    .set({ responseStatus: result.status, responseBody: result.body, completedAt: new Date() })
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
}

// Frees a key whose request moved no money, so a retry runs afresh (as a rolled-back request's would).
export async function releaseIdempotencyKey(
  tx: Tx,
  request: Pick<IdempotentRequest, 'key' | 'userId'>,
): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, request.userId),
        eq(idempotencyKeys.key, request.key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}
