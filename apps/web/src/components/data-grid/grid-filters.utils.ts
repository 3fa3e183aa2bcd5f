import type { GridColumnFilter } from '@portico/contracts/grid/grid-layout';
import { zonedDayRange } from '@portico/contracts/grid/zoned-time';
import type { CellFormatter } from './cell-format.utils';
import type { CellValue } from './cell-values.utils';
import type { DataGridColumn, DataGridColumnKind, DataGridFilterKind } from './data-grid.types';

export function filterKindOf(
  column: Pick<DataGridColumn<unknown>, 'kind' | 'filter'>,
): DataGridFilterKind | null {
  if (column.filter === false) return null;
  if (column.filter) return column.filter;
  switch (column.kind) {
    case 'text':
      return 'text';
    case 'number':
    case 'money':
      return 'number';
    case 'date':
    case 'datetime':
      return 'date';
    case 'boolean':
    case 'enum':
      return 'set';
  }
}

// A filter that lets every row through is dropped rather than kept as state.
export function isFilterInactive(filter: GridColumnFilter): boolean {
  switch (filter.filterType) {
    case 'text':
      return filter.value.trim() === '';
    case 'number':
      return isBlankNumber(filter.min) && isBlankNumber(filter.max);
    case 'date':
      return !filter.from && !filter.to;
    case 'set':
      return false;
  }
}

function isBlankNumber(value: number | null | undefined): boolean {
  return value === null || value === undefined || Number.isNaN(value);
}

export const BLANK_SET_KEY = '';
export const BLANK_SET_LABEL = '(Blanks)';

// Set filters compare keys: an enum's raw value, 'true'/'false', otherwise the shown text.
export function setFilterKey(kind: DataGridColumnKind, value: CellValue, format: CellFormatter): string {
  if (value === undefined) return BLANK_SET_KEY;
  if (kind === 'enum' || kind === 'boolean' || kind === 'text') return String(value);
  return format(value);
}

export type FilterContext = { kind: DataGridColumnKind; format: CellFormatter; timeZone: string };

export type CellTester = (value: CellValue) => boolean;

// Resolved once per filter change, then run per row: nothing in it allocates per row.
export function createCellTester(filter: GridColumnFilter, context: FilterContext): CellTester {
  const { kind, format } = context;
  switch (filter.filterType) {
    case 'text': {
      const needle = filter.value.trim().toLowerCase();
      if (kind === 'text') {
        return (value) => typeof value === 'string' && value.toLowerCase().includes(needle);
      }
      return (value) => value !== undefined && format(value).toLowerCase().includes(needle);
    }
    case 'number': {
      // Money cells hold cents; the bounds are typed in currency units.
      const scale = kind === 'money' ? 100 : 1;
      const min = isBlankNumber(filter.min)
        ? Number.NEGATIVE_INFINITY
        : Math.round((filter.min ?? 0) * scale);
      const max = isBlankNumber(filter.max)
        ? Number.POSITIVE_INFINITY
        : Math.round((filter.max ?? 0) * scale);
      return (value) => typeof value === 'number' && value >= min && value <= max;
    }
    case 'date': {
      const { startMs, endMs } = zonedDayRange(filter.from, filter.to, context.timeZone);
      return (value) => typeof value === 'number' && value >= startMs && value < endMs;
    }
    case 'set': {
      const accepted = new Set(filter.values);
      return (value) => accepted.has(setFilterKey(kind, value, format));
    }
  }
}

export type SetFilterOption = { key: string; label: string };

// The distinct values of a column, labelled as the cells show them, blanks last.
export function collectSetOptions(
  values: Iterable<CellValue>,
  kind: DataGridColumnKind,
  format: CellFormatter,
): SetFilterOption[] {
  const labels = new Map<string, string>();
  for (const value of values) {
    const key = setFilterKey(kind, value, format);
    if (!labels.has(key)) labels.set(key, value === undefined ? BLANK_SET_LABEL : format(value));
  }
  const options = [...labels].map(([key, label]) => ({ key, label }));
  const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
  return options.sort((a, b) => {
    if (a.key === BLANK_SET_KEY) return 1;
    if (b.key === BLANK_SET_KEY) return -1;
    return collator.compare(a.label, b.label);
  });
}

export function searchSetOptions(
  options: readonly SetFilterOption[],
  search: string,
): readonly SetFilterOption[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return options;
  return options.filter((option) => option.label.toLowerCase().includes(needle));
}

// The next state of a set filter after one value is (un)checked; undefined once everything is checked.
export function toggleSetValue(
  allKeys: readonly string[],
  current: readonly string[] | undefined,
  key: string,
  isChecked: boolean,
): string[] | undefined {
  const selected = new Set(current ?? allKeys);
  if (isChecked) selected.add(key);
  else selected.delete(key);
  if (allKeys.every((candidate) => selected.has(candidate))) return undefined;
  return allKeys.filter((candidate) => selected.has(candidate));
}
