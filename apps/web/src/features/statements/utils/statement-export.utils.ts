import type { ExportFormat, ExportRequestBody } from '@portico/contracts/exports/exports';
import { statementExportColumns } from '@portico/contracts/statements/statement-export-columns';
import type { DataGridExportState } from '../../../components/data-grid/data-grid.types';
import { serverExportBody } from '../../../components/data-grid/export/server-export';

const exportableIds = new Set(statementExportColumns.map((column) => column.id));

// The server export of the Statement grid as it shows: its month and merchant (the one chosen, else
// the requester's own), the visible columns, the grid's own filters and sort.
export function statementsExportBody(
  format: ExportFormat,
  month: string,
  merchantId: string | null,
  grid: DataGridExportState,
  timeZone: string,
): ExportRequestBody {
  const body = serverExportBody(format, { 'year-month': month }, grid, exportableIds, timeZone);
  return merchantId === null ? body : { ...body, merchant_id: merchantId };
}
