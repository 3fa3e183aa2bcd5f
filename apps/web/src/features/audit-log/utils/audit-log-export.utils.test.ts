import type { AuditLogRow } from '@portico/contracts/audit/audit-log';
import { auditLogExportColumns } from '@portico/contracts/audit/audit-log-export-columns';
import { describe, expect, it } from 'vitest';
import { auditLogColumns } from './audit-log-columns.utils';
import { auditLogExportBody } from './audit-log-export.utils';

const row: AuditLogRow = {
  id: '3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b',
  created_at: '2026-11-02T15:04:05.123456Z',
  action: 'risk_note.create',
  outcome: 'success',
  actor_email: 'admin@portico.example',
  on_behalf_of_email: null,
  target_type: 'client',
  target_id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
  target_name: 'Harbor Lane',
  client_id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
  client_name: 'Harbor Lane',
  ip: '127.0.0.1',
  details: '{"note":"x"}',
  details_text: 'note: x',
};

describe('the audit log server export', () => {
  it('names every column of the grid as the server export does, with the same header', () => {
    expect(auditLogExportColumns.map((column) => [column.id, column.header])).toEqual(
      auditLogColumns.map((column) => [column.id, column.header]),
    );
  });

  it('reads the same value from a row as the grid does, column by column', () => {
    for (const variant of [
      row,
      { ...row, ip: null, on_behalf_of_email: 'ops@portico.example', target_type: null },
    ]) {
      for (const exported of auditLogExportColumns) {
        const shown = auditLogColumns.find((column) => column.id === exported.id);
        if (!shown) throw new Error(`the grid has no ${exported.id}`);
        const raw = shown.value(variant);
        const gridValue =
          shown.kind === 'datetime' && typeof raw === 'string'
            ? Date.parse(raw)
            : raw === ''
              ? undefined
              : raw;
        expect([exported.id, exported.value(variant)]).toEqual([exported.id, gridValue]);
        expect(exported.kind).toBe(shown.kind);
      }
    }
  });

  it("sends the log's filters without the page, the visible columns and the zone", () => {
    const body = auditLogExportBody(
      'xlsx',
      { action: 'void', actor: 'ops@portico.example', before: 'cursor', limit: 100 },
      {
        columns: ['created_at', 'action', 'not_a_column'],
        filters: {
          action: { filterType: 'set', values: ['void'] },
          not_a_column: { filterType: 'text', value: 'x' },
        },
        sortModel: [],
      },
      'America/Chicago',
    );
    expect(body).toEqual({
      format: 'xlsx',
      params: { action: 'void', actor: 'ops@portico.example' },
      columns: ['created_at', 'action'],
      filters: { action: { filterType: 'set', values: ['void'] } },
      sort_model: [],
      time_zone: 'America/Chicago',
    });
  });
});
