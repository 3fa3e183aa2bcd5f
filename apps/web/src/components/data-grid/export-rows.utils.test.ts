import { describe, expect, it } from 'vitest';
import { createCellValueReader } from './cell-values.utils';
import type { DataGridColumnKind } from './data-grid.types';
import { type ExportableColumn, flattenGroupRows, toExportInput } from './export-rows.utils';

type Payment = {
  merchant: string;
  amount: string;
  createdAt: string;
  settled: boolean;
  status: string;
  day: string;
};

function column(
  header: string,
  kind: DataGridColumnKind,
  value: (row: Payment) => unknown,
  enumLabels?: Record<string, string>,
): ExportableColumn<Payment> {
  const read = createCellValueReader(kind, 'America/New_York');
  return { header, kind, enumLabels, read: (row) => read(value(row)) };
}

const payments: Payment[] = [
  {
    merchant: 'Harbor Lane',
    amount: '1234.50',
    createdAt: '2024-03-01T03:04:05Z',
    settled: true,
    status: 'a',
    day: '2024-03-01',
  },
  { merchant: '', amount: '', createdAt: '', settled: false, status: 'zz', day: '' },
];

describe('toExportInput', () => {
  it('exports the shown columns with typed cells: dates as text in the user timezone, money as numbers', () => {
    const input = toExportInput({
      fileName: 'InternalReportingForVolume.xlsx',
      timeZone: 'America/New_York',
      rows: payments,
      columns: [
        column('Merchant', 'text', (row) => row.merchant),
        column('Amount', 'money', (row) => row.amount),
        column('Created', 'datetime', (row) => row.createdAt),
        column('Day', 'date', (row) => row.day),
        column('Settled', 'boolean', (row) => row.settled),
        column('Status', 'enum', (row) => row.status, { a: 'Active' }),
      ],
    });
    expect(input.fileName).toBe('InternalReportingForVolume.xlsx');
    expect(input.columns).toEqual([
      { header: 'Merchant', kind: 'text' },
      { header: 'Amount', kind: 'money' },
      { header: 'Created', kind: 'datetime' },
      { header: 'Day', kind: 'date' },
      { header: 'Settled', kind: 'boolean' },
      { header: 'Status', kind: 'text' },
    ]);
    expect(input.rows).toEqual([
      ['Harbor Lane', 1234.5, '2024-02-29 22:04:05', '2024-03-01', true, 'Active'],
      [null, null, null, null, false, 'zz'],
    ]);
  });

  it('flattens groups to their leaf rows in group order', () => {
    type Node = { id: string; subRows: Node[]; getIsGrouped: () => boolean };
    const leaf = (id: string): Node => ({ id, subRows: [], getIsGrouped: () => false });
    const group = (id: string, subRows: Node[]): Node => ({ id, subRows, getIsGrouped: () => true });
    const tree = [
      group('g1', [group('g1a', [leaf('3'), leaf('1')]), leaf('5')]),
      group('g2', [leaf('2')]),
      leaf('9'),
    ];
    expect(flattenGroupRows(tree).map((node) => node.id)).toEqual(['3', '1', '5', '2', '9']);
  });
});
