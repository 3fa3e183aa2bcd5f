import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/client';
import { auditLog } from '../db/schema/system';
import { recordAudit } from './audit';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('recordAudit', () => {
  it('records who, what, when, from where and the outcome', async () => {
    const before = Date.now();
    await recordAudit(database.db, {
      action: 'refund',
      outcome: 'success',
      actorUserId: '6f1c2a52-4f3e-4c1b-9a7e-3d2f1b0c9e8d',
      actorEmail: 'ops@portico.example',
      targetType: 'transaction',
      targetId: 'f2b1c0de-0000-4000-8000-000000000001',
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      details: { amountCents: 1250 },
    });
    const [row] = await database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(row).toMatchObject({
      action: 'refund',
      outcome: 'success',
      actorEmail: 'ops@portico.example',
      targetType: 'transaction',
      ip: '203.0.113.9',
      details: { amountCents: 1250 },
    });
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    await recordAudit(database.db, { action: 'sign_in', outcome: 'denied' });
    await expect(database.db.update(auditLog).set({ outcome: 'success' })).rejects.toThrow();
    await expect(database.db.delete(auditLog)).rejects.toThrow();
  });
});
