import { statementExportColumns } from '@portico/contracts/statements/statement-export-columns';
import type { StatementRow } from '@portico/contracts/statements/statements';
import { describe, expect, it } from 'vitest';
import { statementRowColumns } from './statement-columns.utils';
import { statementsExportBody } from './statement-export.utils';

const row: StatementRow = {
  merchant_id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
  merchant_name: 'Harbor Lane Coffee',
  month_year: '2025-11',
  total_amount: '10285.48',
  total_transactions: 412,
  total_fees: '302.11',
  total_adjustments: '-12.50',
  charge_backs_and_reversals_total: '-7.44',
  net: '10055.25',
  posted_at: '2025-12-01T06:00:00.000Z',
  figures: {
    gross_sales: '10412.92',
    refunds_and_voids: '-120.00',
    chargebacks_and_reversals: '-7.44',
    adjustments: '0.00',
    gross: '10285.48',
    per_transaction_fees: '-198.23',
    item_fees: '-32.00',
    net: '10055.25',
    cash_recorded: '3225.87',
    net_deposited: '6829.38',
    flat_fees: '-5.00',
    monthly_fees: '-9.95',
  },
  reconciliation: { payouts: [], pending: '0.00', total: '0.00' },
  daily_transactions: [],
  processor_fees: [],
};

describe('the Statement server export', () => {
  it('names every column of the grid as the server export does', () => {
    expect(statementExportColumns.map((column) => [column.id, column.header])).toEqual(
      statementRowColumns.map((column) => [column.id, column.header]),
    );
  });

  it('reads the same value from a row as the grid does, column by column', () => {
    for (const variant of [row, { ...row, net: '-3.10', total_transactions: 0, total_amount: '0.00' }]) {
      for (const exported of statementExportColumns) {
        const shown = statementRowColumns.find((column) => column.id === exported.id);
        if (!shown) throw new Error(`the grid has no ${exported.id}`);
        const raw = shown.value(variant);
        const gridValue =
          shown.kind === 'money' && typeof raw === 'string' ? Math.round(Number(raw) * 100) : raw;
        expect([exported.id, exported.value(variant)]).toEqual([exported.id, gridValue]);
        expect(exported.kind).toBe(shown.kind);
      }
    }
  });

  it("sends the grid's month and merchant, the visible columns, its filters and the zone", () => {
    const body = statementsExportBody(
      'csv',
      '2025-11',
      row.merchant_id,
      {
        columns: ['merchant_name', 'net', 'not_a_column'],
        filters: { net: { filterType: 'number', min: 0, max: null } },
        sortModel: [],
      },
      'America/Chicago',
    );
    expect(body).toEqual({
      format: 'csv',
      merchant_id: row.merchant_id,
      params: { 'year-month': '2025-11' },
      columns: ['merchant_name', 'net'],
      filters: { net: { filterType: 'number', min: 0, max: null } },
      sort_model: [],
      time_zone: 'America/Chicago',
    });
  });
});
