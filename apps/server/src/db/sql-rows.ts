import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

export type SqlRow = Record<string, unknown>;

// A plain object (not null, not a list): a row, or a JSON object read back.
export function isRow(value: unknown): value is SqlRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Both drivers answer { rows }, typed unknown through the shared Db type: check it.
export function rowsOf(result: unknown): SqlRow[] {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) {
    throw new Error('The driver answered without rows');
  }
  return result.rows.filter(isRow);
}

export async function queryRows(db: Executor, query: SQL): Promise<SqlRow[]> {
  return rowsOf(await db.execute(query));
}
