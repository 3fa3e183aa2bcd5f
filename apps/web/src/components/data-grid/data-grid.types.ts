import type { GridFilterModel, GridLayout, GridSortModel } from '@portico/contracts/grid/grid-layout';
import type { GridDateFormat } from '@portico/contracts/grid/zoned-time';
import type { ReactNode, Ref } from 'react';
import type { LayoutSchedule } from './export/schedule-layout-modal';

export type DataGridColumnKind = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'boolean' | 'enum';

// Display patterns a date column may take; 'mm' after 'hh' means minutes, as the product writes them.
export type DataGridDateFormat = GridDateFormat;

// The layout's aggFunc names (AG Grid's), so saved layouts carry them unchanged.
export type DataGridAggregate = 'sum' | 'avg' | 'count' | 'min' | 'max';

export type DataGridFilterKind = 'text' | 'number' | 'date' | 'set';

export type DataGridPin = 'left' | 'right';

export type DataGridColumn<Row> = {
  // Stable id: saved layouts refer to it.
  id: string;
  header: string;
  kind: DataGridColumnKind;
  // The raw value; money may be a decimal string or a number, dates an ISO string, epoch ms or Date.
  value: (row: Row) => unknown;
  enumLabels?: Readonly<Record<string, string>>;
  // Pixels; a default per kind otherwise.
  width?: number;
  pinned?: DataGridPin;
  hidden?: boolean;
  // Aggregate shown in group rows; sum for number and money by default, null for none.
  aggregate?: DataGridAggregate | null;
  // false keeps a number column out of the totals line (showTotals): a sum of counts, rates or
  // percentages means nothing to a reader.
  isTotalled?: boolean;
  dateFormat?: DataGridDateFormat;
  // Fixed decimals for number columns; up to 4 otherwise.
  decimals?: number;
  // Money columns: '-$1,234.56' instead of '-1,234.56'.
  hasCurrencySign?: boolean;
  // Filter of the side panel; by kind otherwise (text → text, number/money → number,
  // date/datetime → date, boolean/enum → set). false: no filter.
  filter?: DataGridFilterKind | false;
  isSortable?: boolean;
  // Custom cell content (icons, links); receives the formatted text. Keep it cheap: it runs per visible cell.
  // Text and inline content sit on the row's line; a block (Group, Stack) takes h="100%" to sit on its middle.
  renderCell?: (row: Row, text: string) => ReactNode;
  // Caption of the column group this column belongs to (rev share: 'Merchant', 'Performance'):
  // a header row above the titles spans adjacent columns of one group. No column with a group: no row.
  group?: string;
};

// A page's own totals line (with showTotals): figures over the filtered rows instead of each number
// column's TOTAL, AVG and COUNT, e.g. the reports' gross and net by the contracts rule.
export type DataGridSummaryItem = { label: string; value: string };
export type DataGridSummary = { caption?: string; items: readonly DataGridSummaryItem[] };

export type DataGridQueryValue = string | number | boolean | null | undefined;

// What 'All matching rows' hands the page: the grid's visible columns in order, its filters and sort.
export type DataGridExportState = { columns: string[]; filters: GridFilterModel; sortModel: GridSortModel };
export type DataGridServerExport = {
  onExport: (format: 'csv' | 'xlsx', state: DataGridExportState) => void;
  isPending?: boolean;
  // A grid whose saved layouts can be scheduled (the layouts bar offers Schedule).
  schedule?: LayoutSchedule;
};

// Imperative handle for pages and the benchmark.
export type DataGridApi = {
  getLayout: () => GridLayout;
  applyLayout: (layout: GridLayout) => void;
  exportExcel: () => Promise<void>;
  // The same rows and columns as a .csv file (exportFileName with .csv).
  exportCsv: () => void;
  refresh: () => void;
  // Rows after filters, before grouping and paging.
  getFilteredRowCount: () => number;
};

export type DataGridCommonProps<Row> = {
  columns: readonly DataGridColumn<Row>[];
  getRowId?: (row: Row, index: number) => string;
  // IANA name of the user's timezone; the browser's when absent.
  timeZone?: string;
  // CSS height of the whole grid; 88% (of the viewport) by default.
  height?: number | string;
  ariaLabel?: string;
  // What an empty grid says, where the page can say why and what to do; 'No rows to show' otherwise.
  emptyText?: string;
  // 500 rows per page, paged by the grid.
  paginate?: boolean;
  // Rows per page when paginated, where a page sets its own (payouts: 50).
  pageSize?: number;
  // The counter option: TOTAL, AVG and COUNT of number and money columns over the filtered rows.
  showTotals?: boolean;
  // With showTotals: the page's own totals of the filtered rows. Keep it stable.
  summarizeRows?: (rows: readonly Row[]) => DataGridSummary;
  showSidePanel?: boolean;
  showGroupPanel?: boolean;
  // Saved layouts under this grid-config key.
  configKey?: string;
  exportFileName?: string;
  // The Export menu adds 'All matching rows' (a server-side export of every row the filters match).
  serverExport?: DataGridServerExport;
  defaultSort?: GridSortModel;
  defaultGrouping?: readonly string[];
  onRowClick?: (row: Row) => void;
  onRowDoubleClick?: (row: Row) => void;
  onSelectionChange?: (row: Row | null) => void;
  apiRef?: Ref<DataGridApi>;
};

export type DataGridRowsSource<Row> = {
  rows: readonly Row[];
  isLoading?: boolean;
  // Message shown with a Retry button (which calls onRefresh).
  error?: string | null;
  onRefresh?: () => void;
  url?: undefined;
  query?: undefined;
  parseRow?: undefined;
};

export type DataGridUrlSource<Row> = {
  // GET through the api client; rows come from message, data, items or a plain array.
  url: string;
  query?: Readonly<Record<string, DataGridQueryValue>>;
  // Turns one raw item into a row (undefined drops it); parseRecordRow for plain objects.
  parseRow: (raw: unknown, index: number) => Row | undefined;
  rows?: undefined;
  isLoading?: undefined;
  error?: undefined;
  onRefresh?: undefined;
};

export type DataGridProps<Row> = DataGridCommonProps<Row> &
  (DataGridRowsSource<Row> | DataGridUrlSource<Row>);
