import { describe, expect, it } from 'vitest';
import { reportColumns, searchResultColumns } from './report-columns';

const noop = () => undefined;
const grants = { hasMerchantLevelPermissions: false } as const;
const now = new Date('2026-11-22T15:00:00.000Z');

function headers(abilities: { canSeeAdvancedFields: boolean; canVoid: boolean; canRefund: boolean }) {
  return reportColumns({ abilities, grants, now, onVoid: noop, onRefund: noop }).map(
    (column) => column.header,
  );
}

describe('reportColumns', () => {
  it('shows Fee, Net Amount and Surcharge only with REPORTS_ADVANCED', () => {
    const plain = headers({ canSeeAdvancedFields: false, canVoid: false, canRefund: false });
    expect(plain).not.toContain('Fee');
    expect(plain).not.toContain('Net Amount');
    expect(plain).not.toContain('Surcharge');
    expect(plain).toContain('Amount');
    expect(plain).toContain('Gross Amount');
    const advanced = headers({ canSeeAdvancedFields: true, canVoid: false, canRefund: false });
    expect(advanced).toEqual(expect.arrayContaining(['Fee', 'Net Amount', 'Surcharge']));
  });

  it('adds the Void and Refund columns only with their rights', () => {
    expect(headers({ canSeeAdvancedFields: false, canVoid: true, canRefund: false }).slice(0, 2)).toEqual([
      'Void',
      'Date',
    ]);
    expect(headers({ canSeeAdvancedFields: false, canVoid: true, canRefund: true }).slice(0, 2)).toEqual([
      'Void',
      'Refund',
    ]);
  });

  it('gives the search grid the search row fields', () => {
    const abilities = { canSeeAdvancedFields: false, canVoid: false, canRefund: false };
    expect(
      searchResultColumns({ abilities, grants, now, onVoid: noop, onRefund: noop }).map(
        (column) => column.header,
      ),
    ).toEqual([
      'Date/Time',
      'Customer',
      'Transaction Type',
      'Payment Type',
      'Account',
      'Amount',
      'Status',
      'Transaction ID',
    ]);
  });
});
