import type {
  GridColumnFilter,
  GridColumnState,
  GridFilterModel,
  GridLayout,
  GridSortModel,
} from '@portico/contracts/grid/grid-layout';
import type { DataGridAggregate, DataGridFilterKind, DataGridPin } from './data-grid.types';

// The grid state a saved layout holds, in the shapes TanStack Table takes.
export type GridViewState = {
  columnOrder: string[];
  columnSizing: Record<string, number>;
  columnVisibility: Record<string, boolean>;
  columnPinning: { left: string[]; right: string[] };
  grouping: string[];
  aggregations: Record<string, DataGridAggregate | null>;
  filters: GridFilterModel;
  sorting: { id: string; desc: boolean }[];
};

// What the layout functions need to know of a column: its id and its defaults.
export type LayoutColumn = {
  id: string;
  width: number;
  filterKind: DataGridFilterKind | null;
  aggregate: DataGridAggregate | null;
  pinned?: DataGridPin | undefined;
  isHidden?: boolean | undefined;
};

export type ViewDefaults = { sort?: GridSortModel | undefined; grouping?: readonly string[] | undefined };

export function initialViewState(
  columns: readonly LayoutColumn[],
  defaults: ViewDefaults = {},
): GridViewState {
  const ids = new Set(columns.map((column) => column.id));
  return {
    columnOrder: columns.map((column) => column.id),
    columnSizing: {},
    columnVisibility: Object.fromEntries(columns.map((column) => [column.id, column.isHidden !== true])),
    columnPinning: {
      left: columns.filter((column) => column.pinned === 'left').map((column) => column.id),
      right: columns.filter((column) => column.pinned === 'right').map((column) => column.id),
    },
    grouping: unique(defaults.grouping ?? []).filter((id) => ids.has(id)),
    aggregations: Object.fromEntries(columns.map((column) => [column.id, column.aggregate])),
    filters: {},
    sorting: sortFromModel(defaults.sort ?? [], ids),
  };
}

// Full column order: the state's order first, then any column it does not name yet.
export function completeColumnOrder(order: readonly string[], columns: readonly LayoutColumn[]): string[] {
  const ids = new Set(columns.map((column) => column.id));
  const ordered = unique(order).filter((id) => ids.has(id));
  const seen = new Set(ordered);
  return [...ordered, ...columns.map((column) => column.id).filter((id) => !seen.has(id))];
}

export function viewStateToLayout(state: GridViewState, columns: readonly LayoutColumn[]): GridLayout {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const columnStates = completeColumnOrder(state.columnOrder, columns).map((id): GridColumnState => {
    const groupIndex = state.grouping.indexOf(id);
    return {
      colId: id,
      width: state.columnSizing[id] ?? byId.get(id)?.width,
      hide: state.columnVisibility[id] === false,
      pinned: pinOf(state.columnPinning, id),
      rowGroupIndex: groupIndex === -1 ? null : groupIndex,
      aggFunc: state.aggregations[id] ?? null,
    };
  });
  const filters: GridFilterModel = {};
  for (const [id, filter] of Object.entries(state.filters)) {
    if (byId.has(id)) filters[id] = filter;
  }
  return {
    version: 'v2',
    columns: columnStates,
    filters,
    sortModel: state.sorting
      .filter((sort) => byId.has(sort.id))
      .map((sort) => ({ colId: sort.id, sort: sort.desc ? 'desc' : 'asc' })),
    pivotMode: false,
    // The grid has no column groups; the field is kept for the layout's shape.
    columnGroupState: [],
  };
}

// A saved layout applied to today's columns: ids the grid no longer has are ignored, and columns
// the layout does not mention keep their defaults at the end.
export function layoutToViewState(layout: GridLayout, columns: readonly LayoutColumn[]): GridViewState {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const ids = new Set(byId.keys());
  const state = initialViewState(columns);
  const known = uniqueBy(
    layout.columns.filter((column) => ids.has(column.colId)),
    (column) => column.colId,
  );

  state.columnOrder = completeColumnOrder(
    known.map((column) => column.colId),
    columns,
  );
  const pins = new Map<string, DataGridPin | null>(
    columns.map((column) => [column.id, column.pinned ?? null]),
  );
  const groups: { id: string; index: number }[] = [];
  for (const column of known) {
    if (column.width !== undefined) state.columnSizing[column.colId] = column.width;
    if (column.hide !== undefined) state.columnVisibility[column.colId] = !column.hide;
    if (column.pinned !== undefined) pins.set(column.colId, column.pinned);
    if (column.aggFunc !== undefined) state.aggregations[column.colId] = column.aggFunc;
    if (typeof column.rowGroupIndex === 'number')
      groups.push({ id: column.colId, index: column.rowGroupIndex });
  }
  state.columnPinning = {
    left: state.columnOrder.filter((id) => pins.get(id) === 'left'),
    right: state.columnOrder.filter((id) => pins.get(id) === 'right'),
  };
  state.grouping = groups.sort((a, b) => a.index - b.index).map((group) => group.id);
  for (const [id, filter] of Object.entries(layout.filters)) {
    const column = byId.get(id);
    if (column && isFilterFor(filter, column.filterKind)) state.filters[id] = filter;
  }
  state.sorting = sortFromModel(layout.sortModel, ids);
  return state;
}

function isFilterFor(filter: GridColumnFilter, kind: DataGridFilterKind | null): boolean {
  return kind !== null && filter.filterType === kind;
}

function pinOf(pinning: GridViewState['columnPinning'], id: string): DataGridPin | null {
  if (pinning.left.includes(id)) return 'left';
  if (pinning.right.includes(id)) return 'right';
  return null;
}

function sortFromModel(model: GridSortModel, ids: ReadonlySet<string>): GridViewState['sorting'] {
  return uniqueBy(
    model.filter((sort) => ids.has(sort.colId)),
    (sort) => sort.colId,
  ).map((sort) => ({ id: sort.colId, desc: sort.sort === 'desc' }));
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
