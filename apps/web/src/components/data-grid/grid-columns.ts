import type { AggregationFn, ColumnDef, Row as TableRow } from '@tanstack/react-table';
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
import { filterKindOf } from './grid-filters.utils';
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

// Everything the grid derives from one column definition, built once per definition and timezone.
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

export function createColumnDefs<Row>(
  runtimes: readonly ColumnRuntime<Row>[],
  aggregations: Readonly<Record<string, DataGridAggregate | null>>,
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
      // Sorting and filtering run in the grid's own row models (grid-row-models.ts); TanStack keeps
      // their state. The first click sorts ascending whatever the column holds.
      enableSorting: spec.isSortable !== false,
      sortDescFirst: false,
      enableColumnFilter: runtime.filterKind !== null,
      enableGrouping: true,
      aggregationFn: aggregate === null ? undefined : createAggregationFn<Row>(aggregate),
      enableResizing: true,
      enablePinning: true,
    };
  });
}
