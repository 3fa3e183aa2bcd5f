import type { ExportFormat, ExportRequestBody } from '@portico/contracts/exports/exports';
import { reportExportColumns } from '@portico/contracts/transactions/report-export-columns';
import type { DataGridExportState } from '../../../components/data-grid/data-grid.types';
import { serverExportBody } from '../../../components/data-grid/export/server-export';
import type { ReportRequestQuery } from './report-query.utils';

const exportableIds = new Set(reportExportColumns.map((column) => column.id));

// The server export of the report as the grid shows it: its window (dates, search; not the page),
// the visible columns the server writes (Void and Refund are buttons, not data), filters and sort.
export function reportExportBody(
  format: ExportFormat,
  query: ReportRequestQuery,
  grid: DataGridExportState,
  timeZone: string,
): ExportRequestBody {
  const { page: _page, size: _size, ...params } = query;
  return serverExportBody(format, params, grid, exportableIds, timeZone);
}
