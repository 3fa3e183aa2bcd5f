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

  it('leads with Date, Merchant, Amount, Status and Customer', () => {
    expect(headers({ canSeeAdvancedFields: false, canVoid: true, canRefund: true }).slice(0, 5)).toEqual([
      'Date',
      'Merchant',
      'Amount',
      'Status',
      'Customer',
    ]);
  });

  it('adds the Void and Refund columns only with their rights, pinned at the row end', () => {
    expect(headers({ canSeeAdvancedFields: false, canVoid: true, canRefund: false }).slice(-2)).toEqual([
      'Transaction ID',
      'Void',
    ]);
    const columns = reportColumns({
      abilities: { canSeeAdvancedFields: false, canVoid: true, canRefund: true },
      grants,
      now,
      onVoid: noop,
      onRefund: noop,
    });
    expect(columns.slice(-2).map((column) => [column.id, column.pinned])).toEqual([
      ['void', 'right'],
      ['refund', 'right'],
    ]);
    expect(headers({ canSeeAdvancedFields: false, canVoid: false, canRefund: false })).not.toContain('Void');
  });

  it('keeps the 36-character id in a narrow column', () => {
    const abilities = { canSeeAdvancedFields: false, canVoid: false, canRefund: false };
    const id = reportColumns({ abilities, grants, now, onVoid: noop, onRefund: noop }).find(
      (column) => column.id === 'id',
    );
    expect(id?.width).toBeLessThanOrEqual(120);
  });

  it('gives the search grid the search row fields', () => {
    const abilities = { canSeeAdvancedFields: false, canVoid: false, canRefund: false };
    expect(
      searchResultColumns({ abilities, grants, now, onVoid: noop, onRefund: noop }).map(
        (column) => column.header,
      ),
    ).toEqual([
      'Date/Time',
      'Merchant',
      'Amount',
      'Status',
      'Customer',
      'Transaction Type',
      'Payment Type',
      'Account',
      'Transaction ID',
    ]);
  });
});
