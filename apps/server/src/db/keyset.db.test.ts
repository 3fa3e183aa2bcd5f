import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from './client';
import { afterKeyValues, keyValuesOf, orderByKeys, type SortKey } from './keyset';
import { queryRows } from './sql-rows';

// Keyset paging in any order reads every row once, in the order one sorted query gives, whatever the
// keys, their directions, the ties and the page size.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table keyset_rows (
    id uuid primary key, at timestamptz not null, amount numeric not null, name text not null,
    day date not null, address inet not null)`);
  // Few distinct values per column, so ties are everywhere; times to the microsecond.
  await database.db.execute(sql`insert into keyset_rows
    select gen_random_uuid(),
           timestamptz '2026-01-01 00:00:00.000001+00' + ((i % 7) * interval '1 microsecond') + ((i % 3) * interval '1 day'),
           (i % 5) * 12.5 - 20,
           chr(65 + (i % 4)) || (i % 2)::text,
           date '2026-01-30' + (i % 5),
           (case when i % 6 = 0 then '2001:db8::' || (i % 4) else '10.0.' || (i % 3) || '.' || (i % 11) end)::inet
      from generate_series(1, 240) as i`);
});
afterAll(() => database.close());

const columns: Record<string, Omit<SortKey, 'direction'>> = {
  at: { expression: sql`at`, type: 'timestamptz' },
  amount: { expression: sql`amount`, type: 'numeric' },
  name: { expression: sql`name`, type: 'text' },
  day: { expression: sql`day`, type: 'date' },
  address: { expression: sql`address`, type: 'inet' },
};
const idKey = (direction: SortKey['direction']): SortKey => ({
  expression: sql`id`,
  type: 'uuid',
  direction,
});

async function ids(query: SQL): Promise<string[]> {
  return (await queryRows(database.db, query)).map((row) => String(row.id));
}

describe('keyset paging', () => {
  it('pages through every row in the one query’s order, for any keys, directions and page size', async () => {
    const arbitraryKeys = fc.uniqueArray(
      fc.record({
        column: fc.constantFrom('at', 'amount', 'name', 'day', 'address'),
        direction: fc.constantFrom('asc' as const, 'desc' as const),
      }),
      { minLength: 0, maxLength: 3, selector: (key) => key.column },
    );
    await fc.assert(
      fc.asyncProperty(
        arbitraryKeys,
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.integer({ min: 7, max: 97 }),
        async (chosen, idDirection, pageSize) => {
          const keys: SortKey[] = [
            ...chosen.map(({ column, direction }) => ({
              ...(columns[column] as Omit<SortKey, 'direction'>),
              direction,
            })),
            idKey(idDirection),
          ];
          const whole = await ids(sql`select id from keyset_rows order by ${orderByKeys(keys)}`);
          const paged: string[] = [];
          let after: string[] | undefined;
          for (;;) {
            const page = await queryRows(
              database.db,
              sql`select id, ${keyValuesOf(keys)} as page_end from keyset_rows
                ${after ? sql`where ${afterKeyValues(keys, after)}` : sql``}
                order by ${orderByKeys(keys)} limit ${pageSize}`,
            );
            paged.push(...page.map((row) => String(row.id)));
            if (page.length < pageSize) break;
            after = page.at(-1)?.page_end as string[];
          }
          expect(paged).toEqual(whole);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses a page end that does not name every key', () => {
    expect(() => afterKeyValues([idKey('asc')], [])).toThrow('A page end names every sort key');
  });
});
