import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../client';
import { queryRows } from '../sql-rows';
import { generateTodaysSales, todaysSalesPerMerchant } from './generate-today';
import { seedDemoData } from './seed-demo-data';
import { uuidFromHex } from './transaction-effects';

const anchorStart = new Date('2025-06-15T00:00:00Z');
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(
    database,
    {
      transactions: 3_000,
      anchorDate: new Date('2025-06-15T08:30:00Z'),
      providerDomain: 'portico.example',
      partnerDomains: ['healnow.example', 'healnow-partners.example'],
      encrypt: (plaintext, column) => `test.${column}.${Buffer.from(plaintext).toString('base64')}`,
    },
    { info: () => {} },
  );
});
afterAll(() => database.close());

describe('generateTodaysSales', () => {
  it('adds nothing when the anchor day is not today', async () => {
    const now = new Date('2025-06-17T10:00:00Z');
    expect(await generateTodaysSales(database.db, { anchorStart, now })).toBe(0);
    expect(
      await generateTodaysSales(database.db, { anchorStart, now: new Date('2025-06-15T00:00:30Z') }),
    ).toBe(0);
  });

  it("copies each merchant's latest approved card sales into the Eastern day so far, unsettled", async () => {
    const now = new Date('2025-06-15T10:00:00Z');
    const added = await generateTodaysSales(database.db, { anchorStart, now });
    const today = await queryRows(
      database.db,
      sql`select t.id::text as id, t.client_id::text as client_id, t.created_at, t.settlement_date, t.type::text as type,
            t.payment_status, t.status, o.amount_cents = t.amount_cents as same_amount
          from transactions t
          join transactions o on t.id = ${uuidFromHex(sql`md5('today:' || o.id::text)`)}
          where t.created_at >= ${anchorStart.toISOString()}::timestamptz`,
    );
    expect(added).toBeGreaterThan(10);
    expect(today).toHaveLength(added);
    const perMerchant = new Map<string, number>();
    for (const row of today) {
      const at = new Date(String(row.created_at)).getTime();
      // 2025-06-15 is in daylight saving time: the Eastern day began at 04:00 UTC.
      expect(at).toBeGreaterThanOrEqual(Date.parse('2025-06-15T04:00:00Z'));
      expect(at).toBeLessThan(now.getTime() - 60_000);
      expect(row).toMatchObject({
        settlement_date: null,
        payment_status: true,
        status: 'Approved',
        same_amount: true,
      });
      expect(['card', 'cc', 'charge']).toContain(row.type);
      // Ids are RFC 4122 version 4 like every other: the contracts refuse anything else.
      expect(String(row.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      perMerchant.set(String(row.client_id), (perMerchant.get(String(row.client_id)) ?? 0) + 1);
    }
    expect(Math.max(...perMerchant.values())).toBeLessThanOrEqual(todaysSalesPerMerchant);
    // Spread over the day so far, not piled on one instant.
    expect(new Set(today.map((row) => String(row.created_at))).size).toBe(added);
  });
});
