import type { GridSortModel } from '@portico/contracts/grid/grid-layout';
import {
  type ExpandedState,
  functionalUpdate,
  getExpandedRowModel,
  getGroupedRowModel,
  getPaginationRowModel,
  type PaginationState,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { orderPinning } from './column-order.utils';
import { ColumnValueStore } from './column-value-store';
import type { DataGridColumn } from './data-grid.types';
import { type ColumnRuntime, createColumnDefs, createColumnRuntimes, toLayoutColumns } from './grid-columns';
import { createGridRowClass } from './grid-leaf-row';
import { createGridRowModels, type RowModelContext } from './grid-row-models';
import { type GridViewState, initialViewState, type LayoutColumn } from './layout.utils';

// Grid page size 500.
export const GRID_PAGE_SIZE = 500;

// TanStack's factories hold no state until given a table, so one of each serves every grid.
const groupedRowModel = getGroupedRowModel();
const expandedRowModel = getExpandedRowModel();
const paginationRowModel = getPaginationRowModel();

type UseDataGridTableArgs<Row> = {
  rows: readonly Row[];
  columns: readonly DataGridColumn<Row>[];
  timeZone: string;
  getRowId: ((row: Row, index: number) => string) | undefined;
  defaultSort: GridSortModel | undefined;
  defaultGrouping: readonly string[] | undefined;
  pageSize?: number | undefined;
};

export function useDataGridTable<Row>({
  rows,
  columns,
  timeZone,
  getRowId,
  defaultSort,
  defaultGrouping,
  pageSize = GRID_PAGE_SIZE,
}: UseDataGridTableArgs<Row>) {
  const runtimes = useMemo(() => createColumnRuntimes(columns, timeZone), [columns, timeZone]);
  const runtimesById = useMemo(() => new Map(runtimes.map((runtime) => [runtime.id, runtime])), [runtimes]);
  const layoutColumns: LayoutColumn[] = useMemo(() => toLayoutColumns(runtimes), [runtimes]);
  const [view, setView] = useState<GridViewState>(() =>
    initialViewState(layoutColumns, { sort: defaultSort, grouping: defaultGrouping }),
  );
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });

  const data = useMemo(() => [...rows], [rows]);
  // Rows that extend the last ones (Load All streaming in) keep the store and its values read so far.
  const storeRef = useRef<{ store: ColumnValueStore<Row>; runtimes: readonly ColumnRuntime<Row>[] } | null>(
    null,
  );
  const store = useMemo(() => {
    const last = storeRef.current;
    if (last && last.runtimes === runtimes && last.store.isPrefixOf(data)) {
      last.store.appendFrom(data);
      return last.store;
    }
    const fresh = new ColumnValueStore(
      data,
      new Map(runtimes.map((runtime) => [runtime.id, { value: runtime.spec.value, read: runtime.read }])),
    );
    storeRef.current = { store: fresh, runtimes };
    return fresh;
  }, [data, runtimes]);
  const columnDefs = useMemo(
    () => createColumnDefs(runtimes, view.aggregations),
    [runtimes, view.aggregations],
  );
  const columnPinning = useMemo(
    () => orderPinning(view.columnPinning, view.columnOrder),
    [view.columnPinning, view.columnOrder],
  );

  // The row models read the grid's context through this ref; it is set below, before any of them runs.
  const contextRef = useRef<RowModelContext<Row> | null>(null);
  const [rowModels] = useState(() =>
    createGridRowModels<Row>(() => {
      if (!contextRef.current) throw new Error('DataGrid row models ran before their context was set');
      return contextRef.current;
    }),
  );

  const table = useReactTable<Row>({
    data,
    columns: columnDefs,
    getRowId: getRowId ? (row, index) => getRowId(row, index) : undefined,
    state: {
      sorting: view.sorting,
      grouping: view.grouping,
      columnOrder: view.columnOrder,
      columnVisibility: view.columnVisibility,
      columnPinning,
      columnSizing: view.columnSizing,
      expanded,
      pagination,
    },
    onSortingChange: (updater) =>
      setView((old) => ({ ...old, sorting: functionalUpdate(updater, old.sorting) })),
    onGroupingChange: (updater) =>
      setView((old) => ({ ...old, grouping: functionalUpdate(updater, old.grouping) })),
    onExpandedChange: setExpanded,
    onPaginationChange: setPagination,
    getCoreRowModel: rowModels.getCoreRowModel,
    getFilteredRowModel: rowModels.getFilteredRowModel,
    getSortedRowModel: rowModels.getSortedRowModel,
    getGroupedRowModel: groupedRowModel,
    getExpandedRowModel: expandedRowModel,
    getPaginationRowModel: paginationRowModel,
    enableMultiSort: true,
    enableSortingRemoval: true,
    groupedColumnMode: 'reorder',
    // Expansion survives a refresh and an aggregate change; the grid resets it when grouping changes.
    autoResetExpanded: false,
    paginateExpandedRows: true,
  });

  const RowClass = useMemo(() => createGridRowClass(table, store), [table, store]);
  contextRef.current = {
    data,
    store,
    RowClass,
    getRowId,
    runtimesById,
    timeZone,
    filters: view.filters,
    aggregations: view.aggregations,
  };

  return { table, store, runtimes, runtimesById, layoutColumns, view, setView, setExpanded, setPagination };
}
