import { createZonedDateFormatter, timeZoneOffsetMs } from '@portico/contracts/grid/zoned-time';
import { timeZoneAbbreviationAt } from '../../lib/time-zone/date-time-format';
import type { CellValue } from './cell-values.utils';
import type { DataGridColumn, DataGridColumnKind, DataGridDateFormat } from './data-grid.types';

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

function groupThousands(digits: string): string {
  return digits.length > 3 ? digits.replace(THOUSANDS, ',') : digits;
}

// Integer cents → '1,234.56'. Fractional cents (an average) round half away from zero.
export function formatCents(cents: number): string {
  const rounded = Math.round(Math.abs(cents));
  const whole = Math.floor(rounded / 100);
  const fraction = rounded % 100;
  const sign = cents < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${groupThousands(String(whole))}.${fraction < 10 ? '0' : ''}${fraction}`;
}

// Integer cents → '-$1,234.56': money as people read it, with its currency sign.
export function formatMoneyCents(cents: number): string {
  const text = formatCents(cents);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

// Integer cents → '-1234.56', the plain decimal the API speaks.
export function centsToDecimalString(cents: number): string {
  const rounded = Math.round(Math.abs(cents));
  const fraction = rounded % 100;
  const sign = cents < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${Math.floor(rounded / 100)}.${fraction < 10 ? '0' : ''}${fraction}`;
}

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

// Totals show 2 decimals.
export function formatTwoDecimals(value: number): string {
  return twoDecimals.format(value);
}

export function formatCount(count: number): string {
  return integerFormat.format(count);
}

export const BOOLEAN_LABELS = { true: 'Yes', false: 'No' } as const;

export function defaultDateFormat(kind: DataGridColumnKind): DataGridDateFormat {
  return kind === 'datetime' ? 'yyyy-mm-dd hh:mm:ss' : 'yyyy-mm-dd';
}

export type CellFormatter = (value: CellValue) => string;

type FormatSpec = Pick<
  DataGridColumn<unknown>,
  'kind' | 'enumLabels' | 'dateFormat' | 'decimals' | 'hasCurrencySign'
>;

// Built once per column: every Intl object it needs is created here, never per cell.
export function createCellFormatter(column: FormatSpec, timeZone: string): CellFormatter {
  switch (column.kind) {
    case 'money':
      if (column.hasCurrencySign === true) {
        return (value) => (typeof value === 'number' ? formatMoneyCents(value) : '');
      }
      return (value) => (typeof value === 'number' ? formatCents(value) : '');
    case 'number': {
      const decimals = column.decimals;
      const format = new Intl.NumberFormat(
        'en-US',
        decimals === undefined
          ? { maximumFractionDigits: 4 }
          : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
      );
      return (value) => (typeof value === 'number' ? format.format(value) : '');
    }
    case 'date':
    case 'datetime': {
      const pattern = column.dateFormat ?? defaultDateFormat(column.kind);
      const format = createZonedDateFormatter(timeZone, pattern);
      if (!pattern.includes('hh')) return (value) => (typeof value === 'number' ? format(value) : '');
      // A time on screen names its zone (EST, EDT), as lib/time-zone formats it. A zone's
      // name follows its offset, which the grid already caches: one Intl call per offset, not per
      // quarter hour, so scrolling through years of rows costs no more than before.
      const zoneByOffset = new Map<number, string>();
      return (value) => {
        if (typeof value !== 'number') return '';
        const offset = timeZoneOffsetMs(timeZone, value);
        let zone = zoneByOffset.get(offset);
        if (zone === undefined) {
          zone = timeZoneAbbreviationAt(timeZone, value);
          zoneByOffset.set(offset, zone);
        }
        return `${format(value)} ${zone}`;
      };
    }
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? BOOLEAN_LABELS[`${value}`] : '');
    case 'enum': {
      const labels = column.enumLabels ?? {};
      return (value) => (value === undefined ? '' : (labels[String(value)] ?? String(value)));
    }
    case 'text':
      return (value) => (value === undefined ? '' : String(value));
  }
}
