import type { GridColumnFilter } from '@portico/contracts/grid/grid-layout';
import type { AggregationFn, ColumnDef, FilterFn, SortingFn, Row as TableRow } from '@tanstack/react-table';
import { type CellFormatter, createCellFormatter } from './cell-format.utils';
import {
  type CellValue,
  type CellValueReader,
  createCellValueReader,
  isNumericKind,
} from './cell-values.utils';
import type {
  DataGridAggregate,
  DataGridColumn,
  DataGridColumnKind,
  DataGridFilterKind,
} from './data-grid.types';
import { type CellTester, createCellTester, filterKindOf, isFilterInactive } from './grid-filters.utils';
import type { LayoutColumn } from './layout.utils';

export const MIN_COLUMN_WIDTH = 50;
export const MAX_COLUMN_WIDTH = 2000;

const DEFAULT_WIDTHS: Record<DataGridColumnKind, number> = {
  text: 180,
  number: 120,
  money: 130,
  date: 120,
  datetime: 180,
  boolean: 100,
  enum: 150,
};

// Everything the grid derives from one column spec, built once per spec and timezone.
export type ColumnRuntime<Row> = {
  id: string;
  spec: DataGridColumn<Row>;
  read: CellValueReader;
  format: CellFormatter;
  filterKind: DataGridFilterKind | null;
  defaultWidth: number;
  isNumeric: boolean;
};

export function createColumnRuntimes<Row>(
  columns: readonly DataGridColumn<Row>[],
  timeZone: string,
): ColumnRuntime<Row>[] {
  return columns.map((spec) => ({
    id: spec.id,
    spec,
    read: createCellValueReader(spec.kind, timeZone),
    format: createCellFormatter(spec, timeZone),
    filterKind: filterKindOf(spec),
    defaultWidth: clampWidth(spec.width ?? DEFAULT_WIDTHS[spec.kind]),
    isNumeric: isNumericKind(spec.kind),
  }));
}

export function clampWidth(width: number): number {
  return Math.min(Math.max(Math.round(width), MIN_COLUMN_WIDTH), MAX_COLUMN_WIDTH);
}

export function defaultAggregateOf(
  spec: Pick<DataGridColumn<unknown>, 'kind' | 'aggregate'>,
): DataGridAggregate | null {
  if (spec.aggregate !== undefined) return spec.aggregate;
  return isNumericKind(spec.kind) ? 'sum' : null;
}

export function toLayoutColumns<Row>(runtimes: readonly ColumnRuntime<Row>[]): LayoutColumn[] {
  return runtimes.map((runtime) => ({
    id: runtime.id,
    width: runtime.defaultWidth,
    filterKind: runtime.filterKind,
    aggregate: defaultAggregateOf(runtime.spec),
    pinned: runtime.spec.pinned,
    isHidden: runtime.spec.hidden,
  }));
}

function numberOf<Row>(row: TableRow<Row>, columnId: string): number | undefined {
  const value = row.getValue<CellValue>(columnId);
  return typeof value === 'number' ? value : undefined;
}

function sumOf<Row>(columnId: string, rows: readonly TableRow<Row>[]): { total: number; count: number } {
  let total = 0;
  let count = 0;
  for (const row of rows) {
    const value = numberOf(row, columnId);
    if (value === undefined) continue;
    total += value;
    count += 1;
  }
  return { total, count };
}

function extremeOf<Row>(
  columnId: string,
  rows: readonly TableRow<Row>[],
  direction: 1 | -1,
): number | undefined {
  let best: number | undefined;
  for (const row of rows) {
    const value = numberOf(row, columnId);
    if (value !== undefined && (best === undefined || (value - best) * direction > 0)) best = value;
  }
  return best;
}

// Aggregates of group rows over their leaf rows; blanks are skipped, a group of blanks shows blank.
function createAggregationFn<Row>(aggregate: DataGridAggregate): AggregationFn<Row> {
  switch (aggregate) {
    case 'sum':
      return (columnId, leafRows) => {
        const { total, count } = sumOf(columnId, leafRows);
        return count === 0 ? undefined : total;
      };
    case 'avg':
      return (columnId, leafRows) => {
        const { total, count } = sumOf(columnId, leafRows);
        return count === 0 ? undefined : total / count;
      };
    case 'count':
      return (_columnId, leafRows) => leafRows.length;
    case 'min':
      return (columnId, leafRows) => extremeOf(columnId, leafRows, -1);
    case 'max':
      return (columnId, leafRows) => extremeOf(columnId, leafRows, 1);
  }
}

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

function createSortingFn<Row>(runtime: ColumnRuntime<Row>): SortingFn<Row> {
  const { kind } = runtime.spec;
  if (kind === 'text') {
    return (a, b, columnId) => collator.compare(String(a.getValue(columnId)), String(b.getValue(columnId)));
  }
  if (kind === 'enum') {
    // Enums sort by the label the user reads.
    const { format } = runtime;
    return (a, b, columnId) =>
      collator.compare(format(a.getValue<CellValue>(columnId)), format(b.getValue<CellValue>(columnId)));
  }
  // Numbers, cents, epoch ms and booleans compare as primitives; blanks never reach here (sortUndefined).
  return (a, b, columnId) => {
    const x = a.getValue<number | boolean>(columnId);
    const y = b.getValue<number | boolean>(columnId);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

function createFilterFn<Row>(runtime: ColumnRuntime<Row>, timeZone: string): FilterFn<Row> {
  const filterFn: FilterFn<Row> = (row, columnId, test: CellTester) =>
    test(row.getValue<CellValue>(columnId));
  // Resolved once per filter change, so the per-row work is one call.
  filterFn.resolveFilterValue = (filter: GridColumnFilter) =>
    createCellTester(filter, { kind: runtime.spec.kind, format: runtime.format, timeZone });
  filterFn.autoRemove = (filter: GridColumnFilter | undefined) =>
    filter === undefined || isFilterInactive(filter);
  return filterFn;
}

export function createColumnDefs<Row>(
  runtimes: readonly ColumnRuntime<Row>[],
  aggregations: Readonly<Record<string, DataGridAggregate | null>>,
  timeZone: string,
): ColumnDef<Row, CellValue>[] {
  return runtimes.map((runtime): ColumnDef<Row, CellValue> => {
    const aggregate = aggregations[runtime.id] ?? null;
    const { spec, read } = runtime;
    return {
      id: runtime.id,
      header: spec.header,
      accessorFn: (row) => read(spec.value(row)),
      size: runtime.defaultWidth,
      minSize: MIN_COLUMN_WIDTH,
      maxSize: MAX_COLUMN_WIDTH,
      enableSorting: spec.isSortable !== false,
      sortingFn: createSortingFn(runtime),
      sortUndefined: 'last',
      sortDescFirst: false,
      enableColumnFilter: runtime.filterKind !== null,
      filterFn: createFilterFn(runtime, timeZone),
      enableGrouping: true,
      aggregationFn: aggregate === null ? undefined : createAggregationFn<Row>(aggregate),
      enableResizing: true,
      enablePinning: true,
    };
  });
}
