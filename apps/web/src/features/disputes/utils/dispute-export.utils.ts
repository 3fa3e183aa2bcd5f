import { disputeExportColumns } from '@portico/contracts/disputes/dispute-export-columns';
import type { ExportFormat, ExportRequestBody } from '@portico/contracts/exports/exports';
import type { DataGridExportState } from '../../../components/data-grid/data-grid.types';
import { serverExportBody } from '../../../components/data-grid/export/server-export';
import type { DisputeFilters } from '../api/disputes';

const exportableIds = new Set(disputeExportColumns(new Date()).map((column) => column.id));

// The server export of the Disputes grid as it shows: its merchant, status, reason and days (every
// dispute they match, not only the grid's newest), the visible columns, the grid's own filters and
// sort.
export function disputesExportBody(
  format: ExportFormat,
  filters: DisputeFilters,
  grid: DataGridExportState,
  timeZone: string,
): ExportRequestBody {
  const params: Record<string, string> = {};
  for (const [key, value] of [
    ['status', filters.status],
    ['category', filters.category],
    ['from', filters.from],
    ['to', filters.to],
  ] as const) {
    if (value !== null) params[key] = value;
  }
  const body = serverExportBody(format, params, grid, exportableIds, timeZone);
  return filters.merchantId === null ? body : { ...body, merchant_id: filters.merchantId };
}
