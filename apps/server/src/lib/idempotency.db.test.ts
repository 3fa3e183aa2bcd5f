import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/client';
import { idempotencyKeys } from '../db/schema/system';
import { users } from '../db/schema/users';
import { canonicalJson, requestHash, runIdempotent } from './idempotency';

let database: DatabaseHandle;
let userId: string;
const refundAnswer = z.object({ refundId: z.number() });

beforeAll(async () => {
  database = await openTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ email: 'idem@portico.example', name: 'Idem Potent', userType: 'user' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  userId = user.id;
});
afterAll(() => database.close());

const request = (key: string, body: unknown) => ({ key, userId, method: 'POST', path: '/api/refund', body });

describe('canonicalJson and requestHash', () => {
  it('ignores key order', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    expect(requestHash(request('k', { id: 1, amount: '2' }))).toBe(
      requestHash(request('k', { amount: '2', id: 1 })),
    );
  });

  it('tells different requests apart', () => {
    expect(requestHash(request('k', { amount: '2' }))).not.toBe(requestHash(request('k', { amount: '3' })));
  });
});

describe('runIdempotent', () => {
  it('runs the operation once and replays its answer for the same key', async () => {
    let runs = 0;
    const operation = async () => {
      runs += 1;
      return { status: 200, body: { refundId: runs } };
    };
    const first = await runIdempotent(
      database.db,
      request('key-replay-1', { id: 'a' }),
      refundAnswer,
      operation,
    );
    const second = await runIdempotent(
      database.db,
      request('key-replay-1', { id: 'a' }),
      refundAnswer,
      operation,
    );
    expect(runs).toBe(1);
    expect(first).toEqual({ status: 200, body: { refundId: 1 }, replayed: false });
    expect(second).toEqual({ status: 200, body: { refundId: 1 }, replayed: true });
  });

  it('refuses the same key for a different request', async () => {
    const op = async () => ({ status: 200, body: { refundId: 7 } });
    await runIdempotent(database.db, request('key-mismatch-1', { amount: '1.00' }), refundAnswer, op);
    await expect(
      runIdempotent(database.db, request('key-mismatch-1', { amount: '2.00' }), refundAnswer, op),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', kind: 'conflict' });
  });

  it('releases the key when the operation fails, so a retry runs afresh', async () => {
    await expect(
      runIdempotent(database.db, request('key-fail-1', {}), refundAnswer, async () => {
        throw new Error('processor down');
      }),
    ).rejects.toThrow('processor down');
    const rows = await database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'key-fail-1'));
    expect(rows).toHaveLength(0);
    const retry = await runIdempotent(database.db, request('key-fail-1', {}), refundAnswer, async () => ({
      status: 200,
      body: { refundId: 9 },
    }));
    expect(retry.replayed).toBe(false);
  });

  it('runs concurrent requests with one key exactly once', async () => {
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { status: 200, body: { refundId: 42 } };
    };
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        runIdempotent(database.db, request('key-race-1', { id: 'x' }), refundAnswer, slow),
      ),
    );
    expect(runs).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results.every((r) => r.body.refundId === 42)).toBe(true);
  });

  it('refuses a malformed key', async () => {
    await expect(
      runIdempotent(database.db, request('bad key!', {}), refundAnswer, async () => ({
        status: 200,
        body: { refundId: 1 },
      })),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
