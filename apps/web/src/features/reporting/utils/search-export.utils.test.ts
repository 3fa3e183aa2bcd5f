import type { SearchRow } from '@portico/contracts/transactions/search';
import {
  searchExportColumns,
  searchExportFactsOfWire,
  searchExportRowOf,
} from '@portico/contracts/transactions/search-export-columns';
import { buildWireTransaction } from '@portico/contracts/transactions/transaction.factory';
import { describe, expect, it } from 'vitest';
import { moneyToCents } from '../../../components/data-grid/cell-values.utils';
import { searchResultColumns } from '../components/report-columns';
import { searchExportBody } from './search-export.utils';

const gridColumns = () =>
  searchResultColumns({
    abilities: { canVoid: true, canRefund: true, canSeeAdvancedFields: true },
    grants: { hasMerchantLevelPermissions: false },
    now: new Date(),
    onVoid: () => {},
    onRefund: () => {},
  });

const client = {
  id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
  merchant: { name: 'Harbor Lane Coffee Roasters', parent_name: 'Summit' },
};

// A partly refunded card sale, and an ACH void (a negative amount) naming nobody.
const rows: SearchRow[] = [
  {
    id: '3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b',
    date_time: '2026-11-02T15:04:05.000Z',
    customer: 'Ada Lovelace',
    transaction_type: 'charge',
    payment_type: 'VISA',
    account: '4242',
    amount: '1234.50',
    status: 'Approved',
    transaction_details: buildWireTransaction({
      amount: '1234.50',
      created_at: '2026-11-02T15:04:05.000Z',
      client,
      undone_by: [
        {
          id: '9b1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b',
          type: 'refund',
          amount: '34.50',
          created_at: '2026-11-03T10:00:00.000Z',
        },
      ],
    }),
  },
  {
    id: '7c1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b',
    date_time: '2026-11-03T08:00:00.000Z',
    customer: '',
    transaction_type: 'void',
    payment_type: 'ACH',
    account: '9876',
    amount: '20.01',
    status: 'Approved',
    transaction_details: buildWireTransaction({
      id: '7c1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b',
      amount: '20.01',
      type: 'void',
      action_mode: 'void',
      card_brand: null,
      created_at: '2026-11-03T08:00:00.000Z',
      client,
      data: { api_response: { token: 'BANK-9876' }, third_party_api_response: null },
    }),
  },
];

describe('the search server export', () => {
  it("sends the search's criteria as params, the merchant as merchant_id, and the columns the server writes", () => {
    const body = searchExportBody(
      'csv',
      {
        start_date: '2026-11-01T00:00:00.000Z',
        end_date: '2026-11-22T23:59:59.999Z',
        merchant_id: client.id,
        customer_last_name: 'Lovelace',
        amount_min: '10.00',
        location_ids: ['0b7e6c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e'],
        custom_fields: { invoice: 'A-1' },
      },
      {
        columns: ['date_time', 'amount', 'void', 'refund', 'id'],
        filters: { amount: { filterType: 'number', min: 10 }, refund: { filterType: 'text', value: 'x' } },
        sortModel: [{ colId: 'date_time', sort: 'desc' }],
      },
      'America/Chicago',
    );
    expect(body).toEqual({
      merchant_id: client.id,
      format: 'csv',
      params: {
        start_date: '2026-11-01T00:00:00.000Z',
        end_date: '2026-11-22T23:59:59.999Z',
        customer_last_name: 'Lovelace',
        amount_min: '10.00',
        'location_ids.0': '0b7e6c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
        'custom_fields.0.name': 'invoice',
        'custom_fields.0.value': 'A-1',
      },
      columns: ['date_time', 'amount', 'id'],
      filters: { amount: { filterType: 'number', min: 10 } },
      sort_model: [{ colId: 'date_time', sort: 'desc' }],
      time_zone: 'America/Chicago',
    });
  });

  it('names every data column of the grid as the server export does, with the same header', () => {
    const grid = gridColumns().filter((column) => column.id !== 'void' && column.id !== 'refund');
    expect(grid.map((column) => [column.id, column.header])).toEqual(
      searchExportColumns.map((column) => [column.id, column.header]),
    );
  });

  it('reads the same value from a row as the grid does, column by column', () => {
    const grid = gridColumns();
    for (const row of rows) {
      // The cells the export writes: the row's facts, its money figures computed once.
      const exportRow = searchExportRowOf(searchExportFactsOfWire(row));
      for (const exported of searchExportColumns) {
        const shown = grid.find((column) => column.id === exported.id);
        if (!shown) throw new Error(`the grid has no ${exported.id}`);
        expect(shown.kind).toBe(exported.kind);
        const raw = shown.value(row);
        const gridValue =
          shown.kind === 'money'
            ? moneyToCents(raw)
            : shown.kind === 'datetime' && typeof raw === 'string'
              ? Date.parse(raw)
              : raw === '' || raw === null
                ? undefined
                : raw;
        expect([exported.id, exported.value(exportRow)]).toEqual([exported.id, gridValue]);
      }
    }
    // The values the rows were built to show.
    const [sale, voided] = rows.map((row) => searchExportRowOf(searchExportFactsOfWire(row)));
    expect(sale?.stateText).toBe('Partially refunded');
    expect(voided?.amountCents).toBe(-2001);
    expect(voided?.customer).toBeUndefined();
  });
});
