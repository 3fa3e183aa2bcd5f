import type { AuditLogQuery } from '@portico/contracts/audit/audit-log';
import { auditLogExportColumns } from '@portico/contracts/audit/audit-log-export-columns';
import type { ExportFormat, ExportRequestBody } from '@portico/contracts/exports/exports';
import type { DataGridExportState } from '../../../components/data-grid/data-grid.types';

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
  return {
    format,
    params,
    columns: grid.columns.filter((id) => exportableIds.has(id)),
    filters: Object.fromEntries(Object.entries(grid.filters).filter(([id]) => exportableIds.has(id))),
    sort_model: grid.sortModel,
    time_zone: timeZone,
  };
}
