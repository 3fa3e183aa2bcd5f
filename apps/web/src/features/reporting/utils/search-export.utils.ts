import type { ExportFormat, ExportRequestBody } from '@portico/contracts/exports/exports';
import type { SearchCriteria } from '@portico/contracts/transactions/search';
import { searchExportColumns } from '@portico/contracts/transactions/search-export-columns';
import { searchExportParamsOf } from '@portico/contracts/transactions/search-export-params';
import type { DataGridExportState } from '../../../components/data-grid/data-grid.types';
import { serverExportBody } from '../../../components/data-grid/export/server-export';

const exportableIds = new Set(searchExportColumns.map((column) => column.id));

// The server export of the search results: every row the search's criteria match (the export is not
// held to the 10,000 rows one search answers), the visible columns the server writes (Void and Refund
// are buttons, not data), filters and sort. The merchant goes as the export's merchant_id, which the
// server checks as the search's own.
export function searchExportBody(
  format: ExportFormat,
  criteria: SearchCriteria,
  grid: DataGridExportState,
  timeZone: string,
): ExportRequestBody {
  const { merchant_id: merchantId, ...rest } = criteria;
  const body = serverExportBody(format, searchExportParamsOf(rest), grid, exportableIds, timeZone);
  return merchantId === undefined ? body : { merchant_id: merchantId, ...body };
}
