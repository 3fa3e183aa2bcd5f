import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/client';
import { sandboxProcessorLedger } from '../../db/schema/sandbox-processor';
import { createSandboxProcessorDirectory, isSandboxDeclinedAmount } from './sandbox-processor';

const transaction = {
  id: '6f1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11',
  processor: 'fis' as const,
  paymentMethod: 'card',
  amountCents: 4_223,
  token: 'VISA-1111-12-2030',
};

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('sandbox processor', () => {
  it('declines amounts ending in .13 and approves the rest', () => {
    expect(isSandboxDeclinedAmount(1_013)).toBe(true);
    expect(isSandboxDeclinedAmount(13)).toBe(true);
    expect(isSandboxDeclinedAmount(1_012)).toBe(false);
    expect(isSandboxDeclinedAmount(1_300)).toBe(false);
  });

  it('answers void on the transaction amount and refund on the refunded amount', async () => {
    const gateway = createSandboxProcessorDirectory(database.db).gatewayFor('fis');
    expect(gateway.name).toBe('fis');
    expect((await gateway.void(transaction, randomUUID())).outcome).toBe('approved');
    expect((await gateway.void({ ...transaction, amountCents: 5_013 }, randomUUID())).outcome).toBe(
      'declined',
    );
    expect((await gateway.refund(transaction, 213, randomUUID())).outcome).toBe('declined');
    expect((await gateway.refund(transaction, 211, randomUUID())).outcome).toBe('approved');
  });

  it('gives every operation its own sandbox reference', async () => {
    const gateway = createSandboxProcessorDirectory(database.db).gatewayFor(null);
    const first = await gateway.refund(transaction, 100, randomUUID());
    const second = await gateway.refund(transaction, 100, randomUUID());
    expect(first.reference).toMatch(/^SBX-SANDBOX-[0-9a-f]{12}$/);
    expect(first.reference).not.toBe(second.reference);
  });

  it('moves money once per idempotency key, answers a repeat with the first answer and looks keys up', async () => {
    const key = randomUUID();
    const gateway = createSandboxProcessorDirectory(database.db).gatewayFor('epx');
    expect(await gateway.lookup(key)).toBeNull();
    const first = await gateway.refund(transaction, 500, key);
    // Another directory over the same books, as after a restart of the server.
    const restarted = createSandboxProcessorDirectory(database.db).gatewayFor('epx');
    expect(await restarted.refund(transaction, 500, key)).toEqual(first);
    expect(await restarted.lookup(key)).toEqual(first);
    const rows = await database.db
      .select()
      .from(sandboxProcessorLedger)
      .where(eq(sandboxProcessorLedger.idempotencyKey, key));
    expect(rows).toMatchObject([{ operation: 'refund', amountCents: 500, outcome: 'approved' }]);
    // The same key for another amount is refused, never a second refund.
    await expect(restarted.refund(transaction, 600, key)).rejects.toThrow(/different operation/);
  });
});
