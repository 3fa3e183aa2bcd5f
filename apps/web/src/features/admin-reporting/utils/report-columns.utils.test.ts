import { describe, expect, it } from 'vitest';
import {
  columnHeaderOf,
  inferColumnKind,
  internalReportColumns,
  internalReportFileName,
} from './report-columns.utils';

describe('internal report columns', () => {
  it('infers kinds from the values', () => {
    expect(inferColumnKind([1, 2, null])).toBe('number');
    expect(inferColumnKind(['2026-03-01T00:00:00.000Z', null])).toBe('datetime');
    expect(inferColumnKind(['2026-03-01'])).toBe('datetime');
    expect(inferColumnKind(['12.50', '-3.00'])).toBe('money');
    expect(inferColumnKind([true, false])).toBe('boolean');
    expect(inferColumnKind(['Declined', '12.50'])).toBe('text');
    expect(inferColumnKind([null, ''])).toBe('text');
  });

  it('names columns from their keys and shows dates as yyyy-mm-dd hh:mm:ss', () => {
    const columns = internalReportColumns([
      { month: '2026-03-01T00:00:00.000Z', merchant_name: 'Harbor', gross: '10.00', transactions: 3 },
    ]);
    expect(columns.map((column) => [column.id, column.header, column.kind])).toEqual([
      ['month', 'Month', 'datetime'],
      ['merchant_name', 'Merchant name', 'text'],
      ['gross', 'Gross', 'money'],
      ['transactions', 'Transactions', 'number'],
    ]);
    expect(columns[0]?.dateFormat).toBe('yyyy-mm-dd hh:mm:ss');
    expect(columnHeaderOf('declines_by_reason')).toBe('Declines by reason');
  });

  it('names the export after the source', () => {
    expect(internalReportFileName('reporting.declines_by_reason')).toBe(
      'InternalReportingForreporting.declines_by_reason.xlsx',
    );
  });
});
