import type { ReportRow } from '@portico/contracts/transactions/report';
import {
  reportExportColumns,
  reportExportFactsOfWire,
  reportExportRowOf,
} from '@portico/contracts/transactions/report-export-columns';
import { buildWireTransaction } from '@portico/contracts/transactions/transaction.factory';
import { describe, expect, it } from 'vitest';
import { moneyToCents } from '../../../components/data-grid/cell-values.utils';
import { reportColumns } from '../components/report-columns';
import { reportExportBody } from './report-export.utils';

describe('the report server export', () => {
  it('sends the window without the page, only the columns the server writes, and the zone', () => {
    const body = reportExportBody(
      'csv',
      { start: '2026-11-01', end: '2026-11-30', page: '3', size: '250', search: 'invoice=7' },
      {
        columns: ['created_at', 'amount', 'void', 'refund'],
        filters: { amount: { filterType: 'number', min: 10 }, void: { filterType: 'text', value: 'x' } },
        sortModel: [{ colId: 'created_at', sort: 'desc' }],
      },
      'America/Chicago',
    );
    expect(body).toEqual({
      format: 'csv',
      params: { start: '2026-11-01', end: '2026-11-30', search: 'invoice=7' },
      columns: ['created_at', 'amount'],
      filters: { amount: { filterType: 'number', min: 10 } },
      sort_model: [{ colId: 'created_at', sort: 'desc' }],
      time_zone: 'America/Chicago',
    });
  });

  it('names every data column of the grid as the server export does, with the same header', () => {
    const grid = reportColumns({
      abilities: { canVoid: false, canRefund: false, canSeeAdvancedFields: true },
      grants: { hasMerchantLevelPermissions: false },
      now: new Date(),
      onVoid: () => {},
      onRefund: () => {},
    });
    const headers = new Map(reportExportColumns.map((column) => [column.id, column.header]));
    expect(grid.map((column) => [column.id, column.header])).toEqual(
      grid.map((column) => [column.id, headers.get(column.id)]),
    );
  });

  it('reads the same value from a row as the grid does, column by column', () => {
    const row: ReportRow = [
      '2026-11-02T15:04:05.000Z',
      buildWireTransaction({
        amount: '1234.50',
        fee: '3.20',
        surcharge: '1.00',
        type: 'card',
        data: {
          api_response: { meta: { firstName: ' Pat ', lastName: 'Lee', email: 'pat@example.com' } },
          third_party_api_response: { AUTH_MASKED_ACCOUNT_NBR: 'XXXXXXXXXXXX4242' },
        },
      }),
      'Harbor Lane',
      'Summit',
    ];
    const grid = reportColumns({
      abilities: { canVoid: false, canRefund: false, canSeeAdvancedFields: true },
      grants: { hasMerchantLevelPermissions: false },
      now: new Date(),
      onVoid: () => {},
      onRefund: () => {},
    });
    // The cells the export writes: the row's facts, its money figures computed once.
    const exportRow = reportExportRowOf(reportExportFactsOfWire(row));
    for (const exported of reportExportColumns) {
      const shown = grid.find((column) => column.id === exported.id);
      if (!shown) throw new Error(`the grid has no ${exported.id}`);
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
  });
});
