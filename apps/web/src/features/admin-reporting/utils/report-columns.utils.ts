import type {
  InternalReportCell,
  InternalReportRow,
} from '@portico/contracts/internal-reports/internal-reports';
import type { DataGridColumn, DataGridColumnKind } from '../../../components/data-grid/data-grid.types';

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const decimalMoney = /^-?\d+\.\d{2}$/;

// The kind a column's values share: the first non-empty values decide (reports are uniform).
export function inferColumnKind(values: readonly InternalReportCell[]): DataGridColumnKind {
  const present = values.filter((value) => value !== null && value !== '').slice(0, 50);
  if (present.length === 0) return 'text';
  if (present.every((value) => typeof value === 'boolean')) return 'boolean';
  if (present.every((value) => typeof value === 'number')) return 'number';
  if (
    present.every((value) => typeof value === 'string' && (isoDateTime.test(value) || isoDate.test(value)))
  ) {
    return 'datetime';
  }
  if (present.every((value) => typeof value === 'string' && decimalMoney.test(value))) return 'money';
  return 'text';
}

// 'merchant_volume_by_month' -> 'Merchant volume by month'.
export function columnHeaderOf(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The report's own columns, dates as yyyy-mm-dd hh:mm:ss.
export function internalReportColumns(
  rows: readonly InternalReportRow[],
): DataGridColumn<InternalReportRow>[] {
  const keys = [...new Set(rows.slice(0, 50).flatMap((row) => Object.keys(row)))];
  return keys.map((key) => {
    const kind = inferColumnKind(rows.map((row) => row[key] ?? null));
    return {
      id: key,
      header: columnHeaderOf(key),
      kind,
      value: (row: InternalReportRow) => row[key] ?? null,
      ...(kind === 'datetime' ? { dateFormat: 'yyyy-mm-dd hh:mm:ss' as const } : {}),
    };
  });
}

// 'InternalReportingFor{sourceName}.xlsx'.
export function internalReportFileName(sourceName: string): string {
  return `InternalReportingFor${sourceName}.xlsx`;
}
