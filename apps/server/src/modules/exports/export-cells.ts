import type {
  ExportCellValue,
  ExportColumnDefinition,
} from '@portico/contracts/transactions/report-export-columns';
import type { ZonedFormatter } from './zoned-time';

// How an export writes a cell: as the grid shows it. Money with its sign and currency sign
// ('-$1,234.56'), numbers with thousands separators, times as the wall clock of the requester's zone
// (named in the column's header), enums by their label.

// A count as the grid shows a number column: thousands separated, up to four decimals.
const numberText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

// Whole dollars with a comma before each group of three digits: 1234567 → '1,234,567'.
function groupedThousands(whole: number): string {
  if (whole < 1000) return String(whole);
  const group = whole % 1000;
  return `${groupedThousands(Math.floor(whole / 1000))},${group < 100 ? (group < 10 ? '00' : '0') : ''}${group}`;
}

// Integer cents → '-$1,234.56' (the contracts helper's text, computed rather than split and
// matched: an export writes several per row).
export function moneyTextOfCents(cents: number): string {
  const negative = cents < 0;
  const absolute = negative ? -cents : cents;
  const fraction = absolute % 100;
  const whole = groupedThousands(Math.floor(absolute / 100));
  return `${negative ? '-' : ''}$${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}

export function headerOf(column: Pick<ExportColumnDefinition<unknown>, 'header' | 'kind'>, timeZone: string) {
  return column.kind === 'datetime' ? `${column.header} (${timeZone})` : column.header;
}

export type CellText = (value: ExportCellValue) => string;

// The text of a cell, built once per column.
export function cellTextOf(
  column: Pick<ExportColumnDefinition<unknown>, 'kind' | 'enumLabels'>,
  zoned: ZonedFormatter,
): CellText {
  switch (column.kind) {
    case 'money':
      return (value) => (typeof value === 'number' ? moneyTextOfCents(value) : '');
    case 'number':
      return (value) => (typeof value === 'number' ? numberText.format(value) : '');
    case 'datetime':
      return (value) => (typeof value === 'number' ? zoned.dateTime(value) : '');
    case 'date':
    case 'text':
      return (value) => (value === undefined ? '' : String(value));
    case 'enum': {
      const labels = column.enumLabels ?? {};
      return (value) => (value === undefined ? '' : (labels[String(value)] ?? String(value)));
    }
  }
}
