import type { GridColumnFilter, GridFilterModel } from '@portico/contracts/grid/grid-layout';
import type {
  ExportCellValue,
  ExportColumnDefinition,
} from '@portico/contracts/transactions/report-export-columns';
import type { CellText } from './export-cells';
import type { ZonedFormatter } from './zoned-time';

// The grid's column filters as the portal applies them (components/data-grid/grid-filters.utils.ts),
// run on the server over every row: text contains (any case) on what the cell shows; number bounds in
// currency units on money; date days inclusive in the requester's zone; a set of accepted keys (an
// enum's raw value, a text's own text, '' for blanks).

type Tester = (value: ExportCellValue) => boolean;

const blankSetKey = '';

function isBlankNumber(value: number | null | undefined): boolean {
  return value === null || value === undefined || Number.isNaN(value);
}

function testerOf(
  filter: GridColumnFilter,
  column: Pick<ExportColumnDefinition<unknown>, 'kind'>,
  text: CellText,
  zoned: ZonedFormatter,
): Tester | null {
  switch (filter.filterType) {
    case 'text': {
      const needle = filter.value.trim().toLowerCase();
      if (needle === '') return null;
      return (value) => value !== undefined && text(value).toLowerCase().includes(needle);
    }
    case 'number': {
      if (isBlankNumber(filter.min) && isBlankNumber(filter.max)) return null;
      const scale = column.kind === 'money' ? 100 : 1;
      const min = isBlankNumber(filter.min)
        ? Number.NEGATIVE_INFINITY
        : Math.round((filter.min ?? 0) * scale);
      const max = isBlankNumber(filter.max)
        ? Number.POSITIVE_INFINITY
        : Math.round((filter.max ?? 0) * scale);
      return (value) => typeof value === 'number' && value >= min && value <= max;
    }
    case 'date': {
      if (!filter.from && !filter.to) return null;
      if (column.kind === 'date') {
        const from = filter.from ?? '';
        const to = filter.to ?? '9999-12-31';
        return (value) => typeof value === 'string' && value >= from && value <= to;
      }
      const { startMs, endMs } = zoned.dayRange(filter.from, filter.to);
      return (value) => typeof value === 'number' && value >= startMs && value < endMs;
    }
    case 'set': {
      const accepted = new Set(filter.values);
      const isEnumOrText = column.kind === 'enum' || column.kind === 'text';
      return (value) =>
        accepted.has(value === undefined ? blankSetKey : isEnumOrText ? String(value) : text(value));
    }
  }
}

export type RowTester<Row> = (row: Row) => boolean;

// One test per row over every active filter; null when no filter is active. A filter on a column the
// export does not know is refused by the caller before this.
export function createRowTester<Row>(
  filters: GridFilterModel,
  columns: ReadonlyMap<string, { definition: ExportColumnDefinition<Row>; text: CellText }>,
  zoned: ZonedFormatter,
): RowTester<Row> | null {
  const tests: { value: (row: Row) => ExportCellValue; test: Tester }[] = [];
  for (const [columnId, filter] of Object.entries(filters)) {
    const column = columns.get(columnId);
    if (!column) continue;
    const test = testerOf(filter, column.definition, column.text, zoned);
    if (test) tests.push({ value: column.definition.value, test });
  }
  if (tests.length === 0) return null;
  return (row) => {
    for (const { value, test } of tests) if (!test(value(row))) return false;
    return true;
  };
}
