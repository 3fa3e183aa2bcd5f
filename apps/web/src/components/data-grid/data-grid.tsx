// DataGrid: the one grid of the portal, on TanStack Table and TanStack Virtual.
//
// Public props (keep them stable: pages and the benchmark depend on them):
//   columns          DataGridColumn<Row>[]: id, header, kind ('text' | 'number' | 'money' | 'date' |
//                    'datetime' | 'boolean' | 'enum'), value(row), and optional enumLabels, width,
//                    pinned, hidden, aggregate, dateFormat, decimals, filter, isSortable, renderCell.
//                    Keep the array stable (module constant or useMemo): a new one resets caches.
//   rows             Row[] from the page, with isLoading, error and onRefresh (Refresh and Retry); or
//   url, query, parseRow   GET through the api client (TanStack Query); rows from message, data,
//                    items or an array; parseRow(raw, index) (required with url) builds a Row or
//                    drops the item: pass parseRecordRow for plain objects. Keep it stable.
//   getRowId         stable row ids (selection survives sorting and refreshes); index otherwise.
//   timeZone         IANA name for dates (the user's setting); the browser's otherwise.
//   height           CSS height; '88vh' by default.
//   paginate         500 rows a page with Prev/Next.   showTotals   TOTAL, AVG, COUNT line.
//   showSidePanel, showGroupPanel   both on by default.
//   configKey        saved layouts bar (grid-config key).   exportFileName   'Export.xlsx' by default.
//   defaultSort, defaultGrouping    initial state ({colId, sort}[] and column ids).
//   onRowClick, onRowDoubleClick (also Enter), onSelectionChange (single selection).
//   apiRef           DataGridApi: getLayout, applyLayout, exportExcel, exportCsv, refresh, getFilteredRowCount.
//   ariaLabel        name of the role=grid element ('Data grid').
// The root carries data-testid="data-grid", data-rendered-rows (rows drawn now) and data-first-rows-at
// (performance.now() when rows first appeared; also the 'data-grid:first-rows' performance mark).

import { browserTimeZone, isValidTimeZone } from '@portico/contracts/grid/zoned-time';
import { useMemo } from 'react';
import type { DataGridProps, DataGridUrlSource } from './data-grid.types';
import { DataGridView } from './data-grid-view';
import { useUrlRows } from './use-url-rows';

export function DataGrid<Row>(props: DataGridProps<Row>) {
  const timeZone = useMemo(
    () => (props.timeZone && isValidTimeZone(props.timeZone) ? props.timeZone : browserTimeZone()),
    [props.timeZone],
  );
  // A new set of columns (another report) starts from a fresh state.
  const columnsKey = props.columns.map((column) => column.id).join('\u0001');
  if (props.url !== undefined) {
    return <UrlDataGrid key={columnsKey} {...props} timeZone={timeZone} />;
  }
  return (
    <DataGridView
      key={columnsKey}
      {...props}
      timeZone={timeZone}
      isLoading={props.isLoading ?? false}
      isRefreshing={false}
      error={props.error ?? null}
      onRefresh={props.onRefresh}
    />
  );
}

type UrlDataGridProps<Row> = Omit<DataGridProps<Row>, keyof DataGridUrlSource<Row>> &
  DataGridUrlSource<Row> & { timeZone: string };

function UrlDataGrid<Row>({ url, query, parseRow, ...props }: UrlDataGridProps<Row>) {
  const loaded = useUrlRows({ url, query, parseRow });
  const { refetch } = loaded;
  return (
    <DataGridView
      {...props}
      rows={loaded.rows}
      isLoading={loaded.isLoading}
      isRefreshing={loaded.isRefreshing}
      error={loaded.error}
      onRefresh={() => void refetch()}
    />
  );
}
