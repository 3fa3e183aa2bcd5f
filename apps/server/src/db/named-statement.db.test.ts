import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from './client';
import {
  buildStatement,
  placeholdersOf,
  preparedStatement,
  queryRowsNamed,
  shapedStatements,
} from './named-statement';
import { rateLimitCounters } from './schema/jobs';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('named statements', () => {
  it('answer what the same statement answers unnamed, run after run with new values', async () => {
    const statement = buildStatement(
      sql`select ${sql.placeholder('n')}::int + 1 as next, ${sql.placeholder('word')}::text as word`,
    );
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const rows = await queryRowsNamed(database.db, statement, { n, word: `w${n}` });
      expect(rows).toEqual([{ next: n + 1, word: `w${n}` }]);
    }
  });

  it('keep one name per text: two shapes of one statement never meet', async () => {
    const statements = shapedStatements();
    let built = 0;
    const countOf = (shape: 'one' | 'two') =>
      statements(shape, () => {
        built += 1;
        return shape === 'one' ? sql`select 1 as n` : sql`select 2 as n`;
      });
    for (let i = 0; i < 3; i += 1) {
      expect(await queryRowsNamed(database.db, countOf('one'))).toEqual([{ n: 1 }]);
      expect(await queryRowsNamed(database.db, countOf('two'))).toEqual([{ n: 2 }]);
    }
    expect(built).toBe(2);
  });

  it('write every given value of a record through its placeholder, and leave undefined ones to the default', async () => {
    const key = `named-statement-test-${Date.now()}`;
    const row = placeholdersOf('r_', { key, hits: 3, resetAt: undefined });
    expect(row.shape).toBe('key,hits');
    expect(row.values).toEqual({ r_key: key, r_hits: 3 });
    const insert = preparedStatement('named_statement_test_insert', (executor, name) =>
      executor
        .insert(rateLimitCounters)
        .values({ ...row.placeholders(), resetAt: sql`now() + interval '1 minute'` })
        .returning({ key: rateLimitCounters.key, hits: rateLimitCounters.hits })
        .prepare(name),
    );
    expect(insert(database.db)).toBe(insert(database.db));
    expect(await insert(database.db).execute(row.values)).toEqual([{ key, hits: 3 }]);
    const [stored] = await database.db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, key));
    expect(stored?.hits).toBe(3);
  });
});
