import { formatCents, formatCount, formatTwoDecimals } from './cell-format.utils';
import type { CellValue } from './cell-values.utils';

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

// Spec 1 §2.5 and §9: TOTAL and AVG with 2 decimals; COUNT is a count of values.
export function formatTotals({ total, count }: ColumnTotals, isMoney: boolean): FormattedTotals {
  const average = count === 0 ? 0 : total / count;
  return {
    total: isMoney ? formatCents(total) : formatTwoDecimals(total),
    avg: isMoney ? formatCents(average) : formatTwoDecimals(average),
    count: formatCount(count),
  };
}
