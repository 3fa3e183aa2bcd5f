import type { ExportGrid } from '@portico/contracts/exports/exports';
import type { SchedulePeriod } from '@portico/contracts/exports/report-schedules';
import type { ExportColumnDefinition } from '@portico/contracts/transactions/report-export-columns';
import type { Caller } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import type { DatabaseHandle, Executor } from '../../db/client';

// One export pipeline for every grid: each exportable grid says who may export it and what they may
// see (stored with the export, so the job reads exactly that), whether the requester still may at
// download, its columns, and its rows as a stream of batches in the grid's order.

// JSON the export keeps: the rows the requester could see when asking.
export type StoredScope = Record<string, unknown>;

export type ExportSource<Row> = {
  columns: readonly ExportColumnDefinition<Row>[];
  // The rows of the window before the grid's filters (the progress bar's end).
  countRows(): Promise<number>;
  // Each batch is read to its end before the next is asked for.
  batches(): AsyncGenerator<Iterable<Row>, void, undefined>;
};

export type ExportableGrid = {
  grid: ExportGrid;
  // The file's name without its extension.
  fileStem: string;
  // The id of the grid's date column, whose newest first is the rows' own order (the only sort an
  // export streams); created_at unless named.
  newestFirstColumnId?: string;
  // Who may ask for it: the grid's own call's access (POST /api/exports/{grid}, merchant_id in the body).
  requestAccess: RouteAccess;
  // Throws the grid's own refusal when the caller may not export these rows.
  authorize(
    executor: Executor,
    caller: Caller,
    params: Record<string, string>,
    merchantId: string | undefined,
  ): Promise<StoredScope>;
  // The requester, asking to download, still sees every row the export holds.
  mayStillSee(executor: Executor, caller: Caller, scope: StoredScope): Promise<boolean>;
  // 'reporting': the rows are read from the reporting database (REPORTING_DATABASE_URL, a streaming
  // replica; else the main one), as the grid's page reads them. The export's own record stays on the main one.
  readsFrom?: 'main' | 'reporting';
  // The rows of a stored scope, given to `use` with their row type.
  withSource<T>(
    database: DatabaseHandle,
    scope: StoredScope,
    use: <Row>(source: ExportSource<Row>) => Promise<T>,
  ): Promise<T>;
  // Column ids the export may write for this scope (the others are refused).
  columnIds(scope: StoredScope): readonly string[];
  // A grid with a window of dates can be scheduled: its query with the window set to a run's period.
  periodParams?(params: Record<string, string>, period: SchedulePeriod): Record<string, string>;
};
