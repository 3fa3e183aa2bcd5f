import { disputeExportColumns } from '@portico/contracts/disputes/dispute-export-columns';
import type { DisputeRow } from '@portico/contracts/disputes/disputes';
import { describe, expect, it } from 'vitest';
import { disputeColumns } from './dispute-columns.utils';
import { disputesExportBody } from './dispute-export.utils';

const now = new Date('2026-05-10T12:00:00.000Z');
const row: DisputeRow = {
  id: '3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b',
  merchant_id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
  merchant_name: 'Harbor Lane Coffee',
  transaction_id: '7b1f6d2e-3c4a-4b5d-9e6f-7a8b9c0d1e2f',
  status: 'needs_response',
  category: 'not_received',
  reason_code: '13.1',
  amount: '-1234.56',
  card_brand: 'VISA',
  last4: '1111',
  customer: 'Dana Reyes',
  opened_at: '2026-05-01T09:30:00.000Z',
  respond_by: '2026-05-13T09:30:00.000Z',
  decided_at: null,
};

describe('the Disputes server export', () => {
  it('names every column of the grid (with its Merchant column) as the server export does', () => {
    expect(disputeExportColumns(now).map((column) => [column.id, column.header])).toEqual(
      disputeColumns(now, true).map((column) => [column.id, column.header]),
    );
  });

  it('reads the same value from a row as the grid does, column by column', () => {
    for (const variant of [
      row,
      { ...row, status: 'won' as const, card_brand: null, last4: null, customer: null, respond_by: null },
    ]) {
      for (const exported of disputeExportColumns(now)) {
        const shown = disputeColumns(now, true).find((column) => column.id === exported.id);
        if (!shown) throw new Error(`the grid has no ${exported.id}`);
        const raw = shown.value(variant);
        const gridValue =
          shown.kind === 'datetime' && typeof raw === 'string'
            ? Date.parse(raw)
            : shown.kind === 'money' && typeof raw === 'string'
              ? Math.round(Number(raw) * 100)
              : raw === '' || raw === null
                ? undefined
                : raw;
        expect([exported.id, exported.value(variant)]).toEqual([exported.id, gridValue]);
        expect(exported.kind).toBe(shown.kind);
      }
    }
  });

  it("sends the grid's merchant, status, reason and days, the visible columns and the zone", () => {
    const body = disputesExportBody(
      'csv',
      { merchantId: row.merchant_id, status: 'needs_response', category: null, from: '2026-05-01', to: null },
      {
        columns: ['status', 'amount', 'not_a_column'],
        filters: { days_left: { filterType: 'number', min: 0, max: 4 } },
        sortModel: [],
      },
      'America/Chicago',
    );
    expect(body).toEqual({
      format: 'csv',
      merchant_id: row.merchant_id,
      params: { status: 'needs_response', from: '2026-05-01' },
      columns: ['status', 'amount'],
      filters: { days_left: { filterType: 'number', min: 0, max: 4 } },
      sort_model: [],
      time_zone: 'America/Chicago',
    });
  });
});
