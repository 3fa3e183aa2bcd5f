import type { GridColumnFilter } from '@portico/contracts/grid/grid-layout';
import type { ExpandedState, PaginationState, Table } from '@tanstack/react-table';
import { type Dispatch, type SetStateAction, useMemo } from 'react';
import { moveColumnTo, togglePin } from './column-order.utils';
import type { DataGridAggregate, DataGridPin } from './data-grid.types';
import { clampWidth } from './grid-columns';
import { isFilterInactive } from './grid-filters.utils';
import type { GridViewState } from './layout.utils';

export type SortDirection = 'asc' | 'desc';

// Everything the toolbar, header, panels and layouts can change, as stable callbacks.
export type GridActions = {
  toggleSort: (columnId: string, isMulti: boolean) => void;
  setSort: (columnId: string, direction: SortDirection | null) => void;
  setFilter: (columnId: string, filter: GridColumnFilter | undefined) => void;
  clearFilters: () => void;
  groupBy: (columnId: string) => void;
  ungroup: (columnId: string) => void;
  setAggregate: (columnId: string, aggregate: DataGridAggregate | null) => void;
  setVisible: (columnId: string, isVisible: boolean) => void;
  setPin: (columnId: string, pin: DataGridPin | null) => void;
  moveColumn: (movedId: string, targetId: string, isAfter: boolean) => void;
  resizeColumn: (columnId: string, width: number) => void;
  applyView: (state: GridViewState) => void;
};

type UseGridActionsArgs<Row> = {
  table: Table<Row>;
  setView: Dispatch<SetStateAction<GridViewState>>;
  setExpanded: Dispatch<SetStateAction<ExpandedState>>;
  setPagination: Dispatch<SetStateAction<PaginationState>>;
};

export function useGridActions<Row>({
  table,
  setView,
  setExpanded,
  setPagination,
}: UseGridActionsArgs<Row>): GridActions {
  return useMemo(() => {
    const toFirstPage = () => setPagination((old) => (old.pageIndex === 0 ? old : { ...old, pageIndex: 0 }));
    const regroup = (update: (grouping: string[]) => string[]) => {
      setView((old) => ({ ...old, grouping: update(old.grouping) }));
      setExpanded({});
      toFirstPage();
    };
    return {
      toggleSort: (columnId, isMulti) => {
        table.getColumn(columnId)?.toggleSorting(undefined, isMulti);
        toFirstPage();
      },
      setSort: (columnId, direction) => {
        setView((old) => ({
          ...old,
          sorting:
            direction === null
              ? old.sorting.filter((sort) => sort.id !== columnId)
              : [{ id: columnId, desc: direction === 'desc' }],
        }));
        toFirstPage();
      },
      setFilter: (columnId, filter) => {
        setView((old) => {
          const { [columnId]: _previous, ...others } = old.filters;
          const filters =
            filter === undefined || isFilterInactive(filter) ? others : { ...others, [columnId]: filter };
          return { ...old, filters };
        });
        toFirstPage();
      },
      clearFilters: () => {
        setView((old) => ({ ...old, filters: {} }));
        toFirstPage();
      },
      groupBy: (columnId) =>
        regroup((grouping) => (grouping.includes(columnId) ? grouping : [...grouping, columnId])),
      ungroup: (columnId) => regroup((grouping) => grouping.filter((id) => id !== columnId)),
      setAggregate: (columnId, aggregate) =>
        setView((old) => ({ ...old, aggregations: { ...old.aggregations, [columnId]: aggregate } })),
      setVisible: (columnId, isVisible) =>
        setView((old) => {
          const visibleCount = Object.values(old.columnVisibility).filter((value) => value !== false).length;
          // The last visible column stays: a grid without columns cannot be navigated back.
          if (!isVisible && visibleCount <= 1) return old;
          return { ...old, columnVisibility: { ...old.columnVisibility, [columnId]: isVisible } };
        }),
      setPin: (columnId, pin) =>
        setView((old) => ({ ...old, columnPinning: togglePin(old.columnPinning, columnId, pin) })),
      moveColumn: (movedId, targetId, isAfter) =>
        setView((old) => ({
          ...old,
          columnOrder: moveColumnTo(old.columnOrder, movedId, targetId, isAfter),
        })),
      resizeColumn: (columnId, width) =>
        setView((old) => ({ ...old, columnSizing: { ...old.columnSizing, [columnId]: clampWidth(width) } })),
      applyView: (state) => {
        setView(state);
        setExpanded({});
        toFirstPage();
      },
    };
  }, [table, setView, setExpanded, setPagination]);
}
