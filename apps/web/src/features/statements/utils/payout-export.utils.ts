import type { ExportFormat, ExportRequestBody } from '@portico/contracts/exports/exports';
import { payoutExportColumns } from '@portico/contracts/statements/payout-export-columns';
import type { DataGridExportState } from '../../../components/data-grid/data-grid.types';
import { serverExportBody } from '../../../components/data-grid/export/server-export';

const exportableIds = new Set(payoutExportColumns.map((column) => column.id));

// The server export of the Payouts grid as it shows: its merchant (every payout of it, or of every
// merchant in reach), the visible columns, the grid's own filters and sort.
export function payoutsExportBody(
  format: ExportFormat,
  merchantId: string | null,
  grid: DataGridExportState,
  timeZone: string,
): ExportRequestBody {
  const body = serverExportBody(format, {}, grid, exportableIds, timeZone);
  return merchantId === null ? body : { ...body, merchant_id: merchantId };
}
