import type { GridFilterModel } from '@portico/contracts/grid/grid-layout';
import type { Row, RowModel, SortingState, Table } from '@tanstack/react-table';
import type { CellValue } from './cell-values.utils';
import type { ColumnValueStore } from './column-value-store';
import type { DataGridAggregate } from './data-grid.types';
import type { ColumnRuntime } from './grid-columns';
import { createCellTester } from './grid-filters.utils';
import { buildCoreRowModel, type GridRowClass } from './grid-leaf-row';
import { createSortKeyReader, type SortColumnKeys, sortedOrder } from './sort-keys.utils';

// What the row models read besides the table: rebuilt by the grid when data or columns change.
export type RowModelContext<TData> = {
  data: readonly TData[];
  store: ColumnValueStore<TData>;
  RowClass: GridRowClass<TData>;
  getRowId: ((row: TData, index: number) => string) | undefined;
  runtimesById: ReadonlyMap<string, ColumnRuntime<TData>>;
  timeZone: string;
  filters: GridFilterModel;
  // New aggregates must reach the group rows, which TanStack builds from the filtered model.
  aggregations: Readonly<Record<string, DataGridAggregate | null>>;
};

function memoize<Deps extends unknown[], Result>(
  getDeps: () => [...Deps],
  compute: (...deps: Deps) => Result,
): () => Result {
  let last: { deps: Deps; result: Result } | undefined;
  return () => {
    const deps = getDeps();
    if (
      last &&
      last.deps.length === deps.length &&
      deps.every((dep, index) => Object.is(dep, last?.deps[index]))
    ) {
      return last.result;
    }
    last = { deps, result: compute(...deps) };
    return last.result;
  };
}

function withLazyIds<TData>(rows: Row<TData>[], flatRows: Row<TData>[] = rows): RowModel<TData> {
  let byId: Record<string, Row<TData>> | undefined;
  return {
    rows,
    flatRows,
    get rowsById() {
      byId ??= Object.fromEntries(flatRows.map((row) => [row.id, row]));
      return byId;
    },
  };
}

// A test of every filter on a row, or null without filters.
function rowFilterOf<TData>(context: RowModelContext<TData>): ((row: Row<TData>) => boolean) | null {
  const checks = Object.entries(context.filters).flatMap(([columnId, filter]) => {
    const runtime = context.runtimesById.get(columnId);
    if (!runtime) return [];
    const test = createCellTester(filter, {
      kind: runtime.spec.kind,
      format: runtime.format,
      timeZone: context.timeZone,
    });
    return [{ values: context.store.column(columnId), test }];
  });
  if (checks.length === 0) return null;
  return (row) => checks.every(({ values, test }) => test(values[row.index]));
}

// previous: the same filters over the model this one extends, so only the new rows are tested.
function filterRows<TData>(
  model: RowModel<TData>,
  context: RowModelContext<TData>,
  previous?: { input: RowModel<TData>; output: RowModel<TData> },
): RowModel<TData> {
  const isKept = rowFilterOf(context);
  if (isKept === null) return withLazyIds(model.rows, model.flatRows);
  if (previous) {
    return withLazyIds(
      previous.output.rows.concat(model.rows.slice(previous.input.rows.length).filter(isKept)),
    );
  }
  return withLazyIds(model.rows.filter(isKept));
}

type SortColumn = { id: string; isDesc: boolean; keyOf: (value: CellValue) => string | number | undefined };

function sortRows<TData>(
  rows: Row<TData>[],
  columns: readonly SortColumn[],
  flat: Row<TData>[],
): Row<TData>[] {
  const keyed: SortColumnKeys[] = columns.map((column) => ({
    keys: rows.map((row) => column.keyOf(row.getValue<CellValue>(column.id))),
    isDesc: column.isDesc,
  }));
  return sortedOrder(rows.length, keyed).flatMap((position) => {
    const row = rows[position];
    if (!row) return [];
    if (row.subRows.length === 0) {
      flat.push(row);
      return [row];
    }
    // Group rows are copied, as TanStack does, so the grouped model keeps its own order.
    const copy: Row<TData> = { ...row };
    flat.push(copy);
    copy.subRows = sortRows(row.subRows, columns, flat);
    return [copy];
  });
}

function sortModel<TData>(
  model: RowModel<TData>,
  sorting: SortingState,
  context: RowModelContext<TData>,
): RowModel<TData> {
  const columns = sorting.flatMap((sort): SortColumn[] => {
    const runtime = context.runtimesById.get(sort.id);
    if (!runtime || runtime.spec.isSortable === false) return [];
    const { kind } = runtime.spec;
    // Texts sort as written, enums by the label the user reads.
    const toText = kind === 'text' ? String : kind === 'enum' ? runtime.format : null;
    // Whole columns are read in one pass before the comparisons start.
    context.store.column(sort.id);
    return [{ id: sort.id, isDesc: sort.desc, keyOf: createSortKeyReader(toText) }];
  });
  if (columns.length === 0 || model.rows.length === 0) return model;
  const flat: Row<TData>[] = [];
  const rows = sortRows(model.rows, columns, flat);
  return { rows, flatRows: flat, rowsById: model.rowsById };
}

// The grid's core, filtered and sorted row models (TanStack's grouping, expanding and paging run on
// top of them): light rows, one pass per filter over column arrays, sorts on precomputed keys.
// Rows appended to the data keep the rows and filter results built before them.
export function createGridRowModels<TData>(getContext: () => RowModelContext<TData>) {
  // Core models built by appending rows to an earlier one (a Load All streaming), with that one.
  const appendedTo = new WeakMap<RowModel<TData>, RowModel<TData>>();
  return {
    getCoreRowModel: (_table: Table<TData>): (() => RowModel<TData>) => {
      let last: { data: readonly TData[]; RowClass: GridRowClass<TData>; model: RowModel<TData> } | undefined;
      return () => {
        const { data, RowClass, getRowId } = getContext();
        if (last && last.data === data && last.RowClass === RowClass) return last.model;
        // One RowClass per column store, and a store only ever takes rows appended to its own.
        const previous = last?.RowClass === RowClass ? last.model : undefined;
        const model = buildCoreRowModel(data, RowClass, getRowId, previous);
        if (previous) appendedTo.set(model, previous);
        last = { data, RowClass, model };
        return model;
      };
    },
    getFilteredRowModel: (table: Table<TData>): (() => RowModel<TData>) => {
      let last:
        | {
            input: RowModel<TData>;
            filters: GridFilterModel;
            aggregations: RowModelContext<TData>['aggregations'];
            output: RowModel<TData>;
          }
        | undefined;
      return () => {
        const input = table.getPreFilteredRowModel();
        const context = getContext();
        const { filters, aggregations } = context;
        if (last && last.input === input && last.filters === filters && last.aggregations === aggregations) {
          return last.output;
        }
        const isAppend =
          last !== undefined &&
          last.filters === filters &&
          last.aggregations === aggregations &&
          appendedTo.get(input) === last.input;
        const output = filterRows(input, context, isAppend ? last : undefined);
        last = { input, filters, aggregations, output };
        return output;
      };
    },
    getSortedRowModel: (table: Table<TData>): (() => RowModel<TData>) =>
      memoize(
        (): [RowModel<TData>, SortingState] => [table.getPreSortedRowModel(), table.getState().sorting],
        (model, sorting) => sortModel(model, sorting, getContext()),
      ),
  };
}
