import {
  type Cell,
  createRow,
  type FilterMeta,
  type Row,
  type RowModel,
  type RowPinningPosition,
  type Table,
} from '@tanstack/react-table';
import type { ColumnValueStore } from './column-value-store';

// TanStack's createRow gives every row ~45 closures and memo objects: 100,000 rows cost seconds of
// allocation and garbage collection before the first paint. A grid row here keeps its data in fields
// and its methods on one prototype, and reads cells from the column store. The members the grid's
// row models use are implemented directly; the rest (cells, selection, row pinning) are answered
// by a full TanStack row built on first use.

// Leaf rows never fill these caches (values live in the store): one frozen object serves them all,
// so a write by surprise fails loudly instead of going stale.
const NO_CACHE: Record<string, never> = Object.freeze({});

export type GridRowClass<TData> = new (id: string, index: number, original: TData) => Row<TData>;

export function createGridRowClass<TData>(
  table: Table<TData>,
  store: ColumnValueStore<TData>,
): GridRowClass<TData> {
  const fullRows = new WeakMap<object, Row<TData>>();

  class GridRow implements Row<TData> {
    depth = 0;
    parentId: string | undefined = undefined;
    subRows: Row<TData>[] = [];
    declare groupingColumnId?: string;
    declare groupingValue?: unknown;
    _valuesCache: Record<string, unknown> = NO_CACHE;
    _uniqueValuesCache: Record<string, unknown> = NO_CACHE;
    _groupingValuesCache: Record<string, unknown> = NO_CACHE;
    columnFilters: Record<string, boolean> = NO_CACHE;
    columnFiltersMeta: Record<string, FilterMeta> = NO_CACHE;

    constructor(
      readonly id: string,
      readonly index: number,
      readonly original: TData,
    ) {}

    private full(): Row<TData> {
      let full = fullRows.get(this);
      if (!full) {
        full = createRow(table, this.id, this.original, this.index, this.depth, this.subRows, this.parentId);
        fullRows.set(this, full);
      }
      return full;
    }

    // TanStack's signature lets callers name the type; every cell of this grid is a CellValue.
    getValue<TValue>(columnId: string): TValue {
      return store.read(columnId, this.index) as TValue;
    }
    renderValue<TValue>(columnId: string): TValue {
      return (this.getValue(columnId) ?? table.options.renderFallbackValue) as TValue;
    }
    getUniqueValues<TValue>(columnId: string): TValue[] {
      return [this.getValue<TValue>(columnId)];
    }
    getGroupingValue(columnId: string): unknown {
      return this.getValue(columnId);
    }
    getIsGrouped(): boolean {
      return this.groupingColumnId !== undefined;
    }
    getLeafRows(): Row<TData>[] {
      return this.subRows.flatMap((row) => [row, ...row.getLeafRows()]);
    }
    getParentRow(): Row<TData> | undefined {
      return this.parentId === undefined ? undefined : table.getRow(this.parentId, true);
    }
    getParentRows(): Row<TData>[] {
      const parents: Row<TData>[] = [];
      for (let parent = this.getParentRow(); parent; parent = parent.getParentRow()) parents.unshift(parent);
      return parents;
    }
    getIsExpanded(): boolean {
      const expanded = table.getState().expanded;
      return expanded === true || expanded[this.id] === true;
    }
    getCanExpand(): boolean {
      return (table.options.enableExpanding ?? true) && this.subRows.length > 0;
    }
    getIsAllParentsExpanded(): boolean {
      return this.getParentRows().every((parent) => parent.getIsExpanded());
    }
    toggleExpanded(expanded?: boolean): void {
      this.full().toggleExpanded(expanded);
    }
    getToggleExpandedHandler(): () => void {
      return () => this.toggleExpanded();
    }
    getAllCells(): Cell<TData, unknown>[] {
      return this.full().getAllCells();
    }
    _getAllCellsByColumnId(): Record<string, Cell<TData, unknown>> {
      return this.full()._getAllCellsByColumnId();
    }
    getVisibleCells(): Cell<TData, unknown>[] {
      return this.full().getVisibleCells();
    }
    _getAllVisibleCells(): Cell<TData, unknown>[] {
      return this.full()._getAllVisibleCells();
    }
    getLeftVisibleCells(): Cell<TData, unknown>[] {
      return this.full().getLeftVisibleCells();
    }
    getCenterVisibleCells(): Cell<TData, unknown>[] {
      return this.full().getCenterVisibleCells();
    }
    getRightVisibleCells(): Cell<TData, unknown>[] {
      return this.full().getRightVisibleCells();
    }
    getCanPin(): boolean {
      return this.full().getCanPin();
    }
    getIsPinned(): RowPinningPosition {
      return this.full().getIsPinned();
    }
    getPinnedIndex(): number {
      return this.full().getPinnedIndex();
    }
    pin(position: RowPinningPosition, includeLeafRows?: boolean, includeParentRows?: boolean): void {
      this.full().pin(position, includeLeafRows, includeParentRows);
    }
    getCanMultiSelect(): boolean {
      return this.full().getCanMultiSelect();
    }
    getCanSelect(): boolean {
      return this.full().getCanSelect();
    }
    getCanSelectSubRows(): boolean {
      return this.full().getCanSelectSubRows();
    }
    getIsAllSubRowsSelected(): boolean {
      return this.full().getIsAllSubRowsSelected();
    }
    getIsSelected(): boolean {
      return this.full().getIsSelected();
    }
    getIsSomeSelected(): boolean {
      return this.full().getIsSomeSelected();
    }
    getToggleSelectedHandler(): (event: unknown) => void {
      return this.full().getToggleSelectedHandler();
    }
    toggleSelected(value?: boolean, opts?: { selectChildren?: boolean }): void {
      this.full().toggleSelected(value, opts);
    }
  }
  return GridRow;
}

// The core row model over the data: one light row per item; rowsById only when asked for. Given the
// model built over the first rows of the same data (a Load All still streaming), its rows are kept
// and only the new items get rows.
export function buildCoreRowModel<TData>(
  data: readonly TData[],
  RowClass: GridRowClass<TData>,
  getRowId: ((row: TData, index: number) => string) | undefined,
  previous?: RowModel<TData>,
): RowModel<TData> {
  const kept = previous?.rows ?? [];
  const rows: Row<TData>[] = kept.concat(
    data.slice(kept.length).map((original, offset) => {
      const index = kept.length + offset;
      return new RowClass(getRowId ? getRowId(original, index) : String(index), index, original);
    }),
  );
  let byId: Record<string, Row<TData>> | undefined;
  return {
    rows,
    flatRows: rows,
    get rowsById() {
      byId ??= Object.fromEntries(rows.map((row) => [row.id, row]));
      return byId;
    },
  };
}
