import type { ExportGrid } from '@portico/contracts/exports/exports';
import type { SchedulePeriod } from '@portico/contracts/exports/report-schedules';
import type { ExportColumnDefinition } from '@portico/contracts/transactions/report-export-columns';
import type { Caller } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import type { DatabaseHandle, Executor } from '../../db/client';
import type { SortKey } from '../../db/keyset';

// One export pipeline for every grid: each exportable grid says who may export it and what they may
// see (stored with the export, so the job reads exactly that), whether the requester still may at
// download, its columns, and its rows as a stream of batches in the grid's order.

// JSON the export keeps: the rows the requester could see when asking.
export type StoredScope = Record<string, unknown>;

// A column the rows can be sorted by in the database: its header (the refusal names the sortable
// ones), its key's expression (never null) and type.
export type SortableColumn = { header: string } & Omit<SortKey, 'direction'>;

// The sort an export asks, checked against the grid's sortable columns; empty: the rows' own order.
export type ExportSort = readonly { colId: string; direction: 'asc' | 'desc' }[];

// The sortable columns of a grid: its export columns' headers beside the database's keys for them.
export function sortableColumnsOf(
  definitions: readonly ExportColumnDefinition<never>[],
  keys: Readonly<Record<string, Omit<SortKey, 'direction'>>>,
): Record<string, SortableColumn> {
  const sortable: Record<string, SortableColumn> = {};
  for (const definition of definitions) {
    const key = keys[definition.id];
    if (key) sortable[definition.id] = { header: definition.header, ...key };
  }
  return sortable;
}

// The sort as keys, with the rows' unique key last so ties break the same way on every page.
export function sortKeysOf(
  columns: Readonly<Record<string, Omit<SortKey, 'direction'>>>,
  sort: ExportSort,
  unique: Omit<SortKey, 'direction'>,
): SortKey[] {
  const keys = sort.map(({ colId, direction }) => {
    const column = columns[colId];
    if (!column) throw new Error(`${colId} is not a sortable column`);
    return { expression: column.expression, type: column.type, direction };
  });
  return [...keys, { ...unique, direction: sort.at(-1)?.direction ?? 'desc' }];
}

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
  // The columns the database can sort the rows by (each key never null, ordering as the grid's column
  // does), beside the rows' own order; a sort on any other column is refused. None: only the own order.
  sortableColumns?: Readonly<Record<string, SortableColumn>>;
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
  // The rows of a stored scope, given to `use` with their row type, in the sort asked (empty: the
  // rows' own order), each column of it one of sortableColumns.
  withSource<T>(
    database: DatabaseHandle,
    scope: StoredScope,
    use: <Row>(source: ExportSource<Row>) => Promise<T>,
    sort: ExportSort,
  ): Promise<T>;
  // Column ids the export may write for this scope (the others are refused).
  columnIds(scope: StoredScope): readonly string[];
  // A grid with a window of dates can be scheduled: its query with the window set to a run's period.
  periodParams?(params: Record<string, string>, period: SchedulePeriod): Record<string, string>;
};
