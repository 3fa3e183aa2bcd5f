import { payoutExportColumns } from '@portico/contracts/statements/payout-export-columns';
import type { PayoutRow } from '@portico/contracts/statements/statements';
import { describe, expect, it } from 'vitest';
import { payoutsExportBody } from './payout-export.utils';
import { payoutColumns } from './statement-columns.utils';

const row: PayoutRow = {
  merchant_id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
  merchant_name: 'Harbor Lane Coffee',
  payout_date: '2025-09-03',
  payout_details: {
    id: '7b1e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
    amount: '-1318.77',
    processor: 'fis',
    status: 'held',
    statement_month: '2025-09',
  },
  transaction_details: [],
};

describe('the Payouts server export', () => {
  it('names every column of the grid as the server export does', () => {
    expect(payoutExportColumns.map((column) => [column.id, column.header])).toEqual(
      payoutColumns.map((column) => [column.id, column.header]),
    );
  });

  it('reads the same value from a row as the grid does, column by column', () => {
    for (const variant of [
      row,
      {
        ...row,
        payout_details: { ...row.payout_details, amount: '2500.05', processor: 'epx', status: 'paid' },
      },
    ]) {
      for (const exported of payoutExportColumns) {
        const shown = payoutColumns.find((column) => column.id === exported.id);
        if (!shown) throw new Error(`the grid has no ${exported.id}`);
        const raw = shown.value(variant);
        const gridValue =
          shown.kind === 'money' && typeof raw === 'string' ? Math.round(Number(raw) * 100) : raw;
        expect([exported.id, exported.value(variant)]).toEqual([exported.id, gridValue]);
        expect(exported.kind).toBe(shown.kind);
        expect(exported.enumLabels).toEqual(shown.enumLabels);
      }
    }
  });

  it("sends the grid's merchant, the visible columns, its filters and the zone", () => {
    const body = payoutsExportBody(
      'csv',
      row.merchant_id,
      {
        columns: ['merchant_name', 'amount', 'not_a_column'],
        filters: { status: { filterType: 'set', values: ['held'] } },
        sortModel: [],
      },
      'America/Chicago',
    );
    expect(body).toEqual({
      format: 'csv',
      merchant_id: row.merchant_id,
      params: {},
      columns: ['merchant_name', 'amount'],
      filters: { status: { filterType: 'set', values: ['held'] } },
      sort_model: [],
      time_zone: 'America/Chicago',
    });
  });

  it('asks for every merchant in reach when the grid names none', () => {
    const body = payoutsExportBody('xlsx', null, { columns: ['amount'], filters: {}, sortModel: [] }, 'UTC');
    expect(body).not.toHaveProperty('merchant_id');
  });
});
