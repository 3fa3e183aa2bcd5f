import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { auditLog } from '../../src/db/schema/system';
import { recordAudit } from '../../src/lib/audit';
import { openTestDatabase } from '../test-database';

// The audit trail is append-only for every statement that would remove its rows, TRUNCATE included.
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const entries = async () => (await database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

describe('audit_log', () => {
  it('refuses TRUNCATE as it refuses UPDATE and DELETE, and keeps its rows', async () => {
    await recordAudit(database.db, { action: 'sign_in', outcome: 'success' });
    await recordAudit(database.db, { action: 'refund', outcome: 'denied' });
    const before = await entries();
    expect(before).toBeGreaterThanOrEqual(2);

    await expect(database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(
      database.db.execute(sql`truncate table audit_log restart identity cascade`),
    ).rejects.toThrow();
    const refusal = await database.db.execute(sql`truncate audit_log`).catch((error: unknown) => error);
    expect(String((refusal as Error).cause ?? refusal)).toContain('audit_log is append-only');

    expect(await entries()).toBe(before);
  });
});
