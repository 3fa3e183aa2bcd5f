import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { z } from 'zod';
import type { ReportScope } from '../../access/report-access';
import { type DatabaseHandle, type Db, executorOnClient } from '../../db/client';
import { emptyRows } from '../../db/sql-rows';
import { reportStreamLineSql } from './report-line-sql';
import type { ReportMerchant, ReportRowFields, ReportUndo } from './report-row';
import {
  listReportRowsAfter,
  listUndoesOf,
  type ReportKeyset,
  type ReportOrder,
  type ReportWindowQuery,
  reportFilter,
  reportOrderBy,
} from './reporting.repository';

// Load All: every row of the window, read in batches and written as they come, so
// memory holds one batch whatever the window's size.

// The lines of a batch, and the merchants they need that the writer has not been given yet (Load
// All's lines leave the merchant's names out; the keyset batches of PGlite carry them). Each batch
// carries the voids and refunds of its own rows (transaction.undone_by), read with it: the writer
// replaces the previous batch's with them, so they never pile up over a long stream. A batch's lines
// are emptied when the next batch is asked for: write them before.
export type ReportRowBatch = {
  merchants: readonly ReportMerchant[];
  undoes: readonly ReportUndo[];
  lines: readonly ReportRowFields[];
};

const dialect = new PgDialect({ casing: 'snake_case' });
// The row is one text value: keep the driver from parsing anything.
const textTypes = { getTypeParser: () => (text: string) => text };

// The writer checks each line's fields as it reads them.
function linesOf(rows: unknown[][]): ReportRowFields[] {
  return rows.map((row) => {
    const line = row[0];
    if (typeof line !== 'string') throw new Error('A report row came without its line');
    return line;
  });
}

function isEmptyScope(scope: ReportScope): boolean {
  return scope.kind === 'clients' && scope.clientIds.length === 0;
}

// The window's rows, newest first, without the merchant's names: the (created_at, id) and
// (client_id, created_at, id) indexes give this order, so the first rows come at once.
export function reportStreamSql(query: ReportWindowQuery, order: ReportOrder = 'newest'): SQL {
  return sql`select ${sql.raw(reportStreamLineSql)} from transactions t
    where ${reportFilter(query)} ${reportOrderBy(order)}`;
}

// Every merchant of the scope with its names, read in the stream's snapshot before its rows.
function merchantsSql(scope: ReportScope): SQL {
  const filter =
    scope.kind === 'all'
      ? sql`true`
      : sql`m.id in (${sql.join(
          scope.clientIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  return sql`select m.id::text as id, m.name, m.dba_name, p.name as parent_name
    from clients m left join clients p on p.id = m.parent_id where ${filter}`;
}

const merchantRow = z.object({
  id: z.string(),
  name: z.string().nullable(),
  dba_name: z.string().nullable(),
  parent_name: z.string().nullable(),
});

// Batches read ahead of the writer: the database reads the next ones while this one is written, so
// neither side waits for the other. At most this many batches (plus the one being written) are held
// at once.
const batchesAhead = 2;

type ReadBatch = { lines: ReportRowFields[]; undoes: ReportUndo[] };

// PostgreSQL: a server-side cursor on a client of its own, fetched batch by batch, in its own
// read-only snapshot; each batch's undoes are read right after its rows, in the same snapshot.
// Leaving early (the browser went away) closes the cursor and returns the client.
async function* readWithCursor(
  pool: pg.Pool,
  query: ReportWindowQuery,
  batchSize: number,
  order: ReportOrder,
): AsyncGenerator<ReportRowBatch, void, undefined> {
  const client = await pool.connect();
  const executor = executorOnClient(client);
  let isClientBroken = false;
  let isFinished = false;
  const inFlight: Promise<ReadBatch>[] = [];
  // Each read starts when the one before it has ended, so the client runs one statement at a time
  // (a batch's rows, then their undoes) and never holds a queue of them.
  let previous: Promise<unknown> = Promise.resolve();
  const readBatch = () => {
    const read = previous.then(async () => {
      const fetched = await client.query<unknown[]>({
        text: `fetch forward ${batchSize} from report_rows`,
        rowMode: 'array',
        types: textTypes,
      });
      const lines = linesOf(fetched.rows);
      emptyRows(fetched.rows);
      return { lines, undoes: await listUndoesOf(executor, lines) };
    });
    // Awaited in turn below; until then a failure must not count as unhandled.
    read.catch(() => undefined);
    previous = read;
    inFlight.push(read);
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const names = dialect.sqlToQuery(merchantsSql(query.scope));
    const merchants = (await client.query(names.sql, names.params)).rows.map((row) => {
      const { id, name, dba_name, parent_name } = merchantRow.parse(row);
      return { id, name, dbaName: dba_name, parentName: parent_name };
    });
    const cursor = dialect.sqlToQuery(reportStreamSql(query, order));
    await client.query(`declare report_rows no scroll cursor for ${cursor.sql}`, cursor.params);
    for (let i = 0; i < batchesAhead; i++) readBatch();
    let isExhausted = false;
    let pending: readonly ReportMerchant[] = merchants;
    for (let next = inFlight.shift(); next !== undefined; next = inFlight.shift()) {
      const { lines, undoes } = await next;
      // A short batch is the end; reads already started after it answer nothing.
      if (lines.length < batchSize) isExhausted = true;
      else if (!isExhausted) readBatch();
      if (lines.length > 0) {
        yield { merchants: pending, undoes, lines };
        pending = [];
      }
      // The writer asks for the next batch once it has written this one.
      emptyRows(lines);
    }
    await client.query('commit');
    isFinished = true;
  } catch (error) {
    isClientBroken = true;
    throw error;
  } finally {
    // Reads may still be in flight when the reader stopped early: let them land first.
    for (const read of inFlight.splice(0)) {
      await read.then(
        () => undefined,
        () => {
          isClientBroken = true;
        },
      );
    }
    if (!isFinished && !isClientBroken) {
      await client.query('rollback').then(
        () => undefined,
        () => {
          isClientBroken = true;
        },
      );
    }
    // A client in an unknown state is destroyed rather than returned to the pool.
    client.release(isClientBroken ? true : undefined);
  }
}

// PGlite: one connection for the whole process, and its transactions hold it exclusively, so a
// cursor would stop every other request until the download ended. Keyset batches instead: each is
// one short indexed query, (created_at, id) after the last row written.
async function* readWithKeyset(
  db: Db,
  query: ReportWindowQuery,
  batchSize: number,
  order: ReportOrder,
): AsyncGenerator<ReportRowBatch, void, undefined> {
  let after: ReportKeyset | null = null;
  for (;;) {
    const batch = await listReportRowsAfter(db, query, after, batchSize, order);
    const count = batch.rows.length;
    if (count > 0) {
      const undoes = await listUndoesOf(db, batch.rows);
      yield { merchants: [], undoes, lines: batch.rows };
      emptyRows(batch.rows);
    }
    if (count < batchSize || batch.last === null) return;
    after = batch.last;
  }
}

// Every row of the window in the order asked (newest first unless said).
export async function* readReportRows(
  database: DatabaseHandle,
  query: ReportWindowQuery,
  batchSize: number,
  order: ReportOrder = 'newest',
): AsyncGenerator<ReportRowBatch, void, undefined> {
  if (isEmptyScope(query.scope)) return;
  if (database.driver === 'postgres' && database.pool) {
    yield* readWithCursor(database.pool, query, batchSize, order);
  } else {
    yield* readWithKeyset(database.db, query, batchSize, order);
  }
}
