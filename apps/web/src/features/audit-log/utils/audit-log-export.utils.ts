import type { AuditLogQuery } from '@portico/contracts/audit/audit-log';
import { auditLogExportColumns } from '@portico/contracts/audit/audit-log-export-columns';
import type { ExportFormat, ExportRequestBody } from '@portico/contracts/exports/exports';
import type { DataGridExportState } from '../../../components/data-grid/data-grid.types';
import { serverExportBody } from '../../../components/data-grid/export/server-export';

const exportableIds = new Set(auditLogExportColumns.map((column) => column.id));

// The server export of the audit log as the grid shows it: the log's filters (not the page or its
// cursor), the visible columns, the grid's own filters and sort.
export function auditLogExportBody(
  format: ExportFormat,
  query: AuditLogQuery,
  grid: DataGridExportState,
  timeZone: string,
): ExportRequestBody {
  const params: Record<string, string> = {};
  for (const key of ['actor', 'action', 'merchant', 'from', 'to'] as const) {
    const value = query[key];
    if (value !== undefined) params[key] = value;
  }
  return serverExportBody(format, params, grid, exportableIds, timeZone);
}
