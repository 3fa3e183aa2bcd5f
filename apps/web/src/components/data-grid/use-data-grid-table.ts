import type { GridSortModel } from '@portico/contracts/grid/grid-layout';
import {
  type ExpandedState,
  functionalUpdate,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getGroupedRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type PaginationState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { orderPinning } from './column-order.utils';
import type { DataGridColumn } from './data-grid.types';
import { createColumnDefs, createColumnRuntimes, toLayoutColumns } from './grid-columns';
import { type GridViewState, initialViewState, type LayoutColumn } from './layout.utils';

// Spec 1 §9: grid page size 500.
export const GRID_PAGE_SIZE = 500;

// Row-model factories are stateless until given a table, so one of each serves every grid.
const coreRowModel = getCoreRowModel();
const filteredRowModel = getFilteredRowModel();
const sortedRowModel = getSortedRowModel();
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
};

export function useDataGridTable<Row>({
  rows,
  columns,
  timeZone,
  getRowId,
  defaultSort,
  defaultGrouping,
}: UseDataGridTableArgs<Row>) {
  const runtimes = useMemo(() => createColumnRuntimes(columns, timeZone), [columns, timeZone]);
  const layoutColumns: LayoutColumn[] = useMemo(() => toLayoutColumns(runtimes), [runtimes]);
  const [view, setView] = useState<GridViewState>(() =>
    initialViewState(layoutColumns, { sort: defaultSort, grouping: defaultGrouping }),
  );
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: GRID_PAGE_SIZE });

  // TanStack caches cell and aggregate values per row object, so the rows are handed over afresh
  // whenever the columns or their aggregates change.
  const { columnDefs, data } = useMemo(
    () => ({ columnDefs: createColumnDefs(runtimes, view.aggregations, timeZone), data: [...rows] }),
    [runtimes, view.aggregations, timeZone, rows],
  );
  const columnFilters = useMemo(
    () => Object.entries(view.filters).map(([id, value]) => ({ id, value })),
    [view.filters],
  );
  const columnPinning = useMemo(
    () => orderPinning(view.columnPinning, view.columnOrder),
    [view.columnPinning, view.columnOrder],
  );

  const table = useReactTable<Row>({
    data,
    columns: columnDefs,
    getRowId: getRowId ? (row, index) => getRowId(row, index) : undefined,
    state: {
      sorting: view.sorting,
      columnFilters,
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
    onColumnSizingChange: (updater: Updater<Record<string, number>>) =>
      setView((old) => ({ ...old, columnSizing: functionalUpdate(updater, old.columnSizing) })),
    onExpandedChange: setExpanded,
    onPaginationChange: setPagination,
    getCoreRowModel: coreRowModel,
    getFilteredRowModel: filteredRowModel,
    getSortedRowModel: sortedRowModel,
    getGroupedRowModel: groupedRowModel,
    getExpandedRowModel: expandedRowModel,
    getPaginationRowModel: paginationRowModel,
    enableMultiSort: true,
    enableSortingRemoval: true,
    groupedColumnMode: 'reorder',
    // Expansion survives a refresh and an aggregate change; the grid resets it when grouping changes.
    autoResetExpanded: false,
    paginateExpandedRows: true,
    columnResizeMode: 'onChange',
  });

  return { table, runtimes, layoutColumns, view, setView, setExpanded, setPagination };
}

export type DataGridTableState<Row> = ReturnType<typeof useDataGridTable<Row>>;
