import type { SQL } from 'drizzle-orm';
import type { Executor } from '../client';

export type SqlRow = Record<string, unknown>;

function isRow(value: unknown): value is SqlRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// db.execute answers { rows } on both drivers, typed unknown through the shared Db type: check it.
export async function queryRows(db: Executor, query: SQL): Promise<SqlRow[]> {
  const result: unknown = await db.execute(query);
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) {
    throw new Error('The driver answered without rows');
  }
  return result.rows.filter(isRow);
}
