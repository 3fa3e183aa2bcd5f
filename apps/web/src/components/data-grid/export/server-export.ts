import type { ExportFormat, ExportRequestBody } from '@portico/contracts/exports/exports';
import type { DataGridExportState } from '../data-grid.types';

// An 'All matching rows' request as the grid shows it: the page's own query (its window, not its page),
// the visible columns the server writes, the grid's filters on those columns, its sort and the zone.
export function serverExportBody(
  format: ExportFormat,
  params: Record<string, string>,
  grid: DataGridExportState,
  exportableIds: ReadonlySet<string>,
  timeZone: string,
): ExportRequestBody {
  return {
    format,
    params,
    columns: grid.columns.filter((id) => exportableIds.has(id)),
    filters: Object.fromEntries(Object.entries(grid.filters).filter(([id]) => exportableIds.has(id))),
    sort_model: grid.sortModel,
    time_zone: timeZone,
  };
}
