import { formatCents, formatCount, formatMoneyCents, formatTwoDecimals } from './cell-format.utils';
import type { CellValue } from './cell-values.utils';
import type { DataGridColumn } from './data-grid.types';

export type ColumnTotals = { total: number; count: number };
export type FormattedTotals = { total: string; avg: string; count: string };

// Money cells are integer cents, so their sum is exact; blanks are not counted.
export function sumColumn(values: Iterable<CellValue>): ColumnTotals {
  let total = 0;
  let count = 0;
  for (const value of values) {
    if (typeof value !== 'number') continue;
    total += value;
    count += 1;
  }
  return { total, count };
}

// How a column's TOTAL and AVG read: money as its cells show it (with the currency sign when the
// column has one), other numbers with 2 decimals.
export type TotalsFormat = 'number' | 'money' | 'money-with-sign';

const totalFormatters: Record<TotalsFormat, (value: number) => string> = {
  number: formatTwoDecimals,
  money: formatCents,
  'money-with-sign': formatMoneyCents,
};

export function totalsFormatOf(
  column: Pick<DataGridColumn<unknown>, 'kind' | 'hasCurrencySign'>,
): TotalsFormat {
  if (column.kind !== 'money') return 'number';
  return column.hasCurrencySign === true ? 'money-with-sign' : 'money';
}

// TOTAL and AVG with 2 decimals; COUNT is a count of values.
export function formatTotals({ total, count }: ColumnTotals, format: TotalsFormat): FormattedTotals {
  const average = count === 0 ? 0 : total / count;
  const formatValue = totalFormatters[format];
  return { total: formatValue(total), avg: formatValue(average), count: formatCount(count) };
}
