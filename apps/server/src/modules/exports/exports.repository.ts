import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exports } from '../../db/schema/exports';

export type ExportRecord = typeof exports.$inferSelect;
export type NewExport = typeof exports.$inferInsert;

// A user's list shows this many, newest first.
const listLimit = 100;

export async function insertExport(executor: Executor, values: NewExport): Promise<ExportRecord> {
  const [row] = await executor.insert(exports).values(values).returning();
  if (!row) throw new Error('export was not inserted');
  return row;
}

export async function findExport(executor: Executor, id: string): Promise<ExportRecord | undefined> {
  const [row] = await executor.select().from(exports).where(eq(exports.id, id));
  return row;
}

export async function findUserExport(executor: Executor, userId: string, id: string) {
  const [row] = await executor
    .select()
    .from(exports)
    .where(and(eq(exports.id, id), eq(exports.userId, userId)));
  return row;
}

export function listUserExports(executor: Executor, userId: string): Promise<ExportRecord[]> {
  return executor
    .select()
    .from(exports)
    .where(eq(exports.userId, userId))
    .orderBy(desc(exports.createdAt), desc(exports.id))
    .limit(listLimit);
}

// Starts the job's work unless the export was cancelled meanwhile; answers whether it may go on.
export async function markRunning(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor
    .update(exports)
    .set({ status: 'running', rowsWritten: 0, rowsTotal: null, error: null })
    .where(and(eq(exports.id, id), inArray(exports.status, ['queued', 'running'])))
    .returning({ id: exports.id });
  return rows.length > 0;
}

// Progress, in the same round trip as the question the job asks after every batch: still wanted?
export async function recordProgress(
  executor: Executor,
  id: string,
  progress: { rowsWritten: number; rowsTotal?: number },
): Promise<boolean> {
  const rows = await executor
    .update(exports)
    .set(progress)
    .where(and(eq(exports.id, id), eq(exports.status, 'running')))
    .returning({ id: exports.id });
  return rows.length > 0;
}

export async function markSucceeded(
  executor: Executor,
  id: string,
  done: { rowsWritten: number; byteSize: number; keptDays: number },
): Promise<boolean> {
  const rows = await executor
    .update(exports)
    .set({
      status: 'succeeded',
      rowsWritten: done.rowsWritten,
      byteSize: done.byteSize,
      finishedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(days => ${done.keptDays})`,
    })
    .where(and(eq(exports.id, id), eq(exports.status, 'running')))
    .returning({ id: exports.id });
  return rows.length > 0;
}

export async function markFailed(executor: Executor, id: string, reason: string): Promise<void> {
  await executor
    .update(exports)
    .set({ status: 'failed', error: reason.slice(0, 500), finishedAt: sql`now()` })
    .where(and(eq(exports.id, id), inArray(exports.status, ['queued', 'running'])));
}

export async function markCancelled(executor: Executor, userId: string, id: string) {
  const [row] = await executor
    .update(exports)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(
      and(eq(exports.id, id), eq(exports.userId, userId), inArray(exports.status, ['queued', 'running'])),
    )
    .returning();
  return row;
}

export async function markRequeued(executor: Executor, userId: string, id: string) {
  const [row] = await executor
    .update(exports)
    .set({
      status: 'queued',
      attempt: sql`${exports.attempt} + 1`,
      error: null,
      rowsWritten: 0,
      rowsTotal: null,
      byteSize: null,
      finishedAt: null,
      expiresAt: null,
    })
    .where(
      and(eq(exports.id, id), eq(exports.userId, userId), inArray(exports.status, ['failed', 'cancelled'])),
    )
    .returning();
  return row;
}

// Exports whose file is past its time, marked expired; answers their ids (to delete the files).
export async function expireDue(executor: Executor): Promise<string[]> {
  const rows = await executor
    .update(exports)
    .set({ status: 'expired' })
    .where(and(eq(exports.status, 'succeeded'), lt(exports.expiresAt, sql`now()`)))
    .returning({ id: exports.id });
  return rows.map((row) => row.id);
}
