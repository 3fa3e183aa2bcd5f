import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

export type SqlRow = Record<string, unknown>;

// A plain object (not null, not a list): a row, or a JSON object read back.
export function isRow(value: unknown): value is SqlRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Empties an array of rows once they have been read out of it. Left to the collector instead, a
// dropped array can keep its rows alive past V8's minor collections: node-postgres's arrays of rows
// often sit in the old generation, and whatever an old object points to survives every minor
// collection until the next full one, dead or not. Measured on Load All: with the stream's own
// arrays left to the collector, half of all rows moved to the old generation; with the voids and
// refunds read beside each batch left in their driver's array, the server's heap grew 25 bytes for
// every row streamed, 100 MB and more over 10,000,000 rows; emptied, 5 bytes.
export function emptyRows(rows: unknown[]): void {
  rows.length = 0;
}

// Both drivers answer { rows }, typed unknown through the shared Db type: check it. The rows are
// copied out and the driver's array emptied (emptyRows).
export function rowsOf(result: unknown): SqlRow[] {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) {
    throw new Error('The driver answered without rows');
  }
  const rows = result.rows.filter(isRow);
  emptyRows(result.rows);
  return rows;
}

export async function queryRows(db: Executor, query: SQL): Promise<SqlRow[]> {
  return rowsOf(await db.execute(query));
}
