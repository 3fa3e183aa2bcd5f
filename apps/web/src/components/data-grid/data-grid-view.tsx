import type { GridLayout } from '@portico/contracts/grid/grid-layout';
import type { Row as TableRow } from '@tanstack/react-table';
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatCount } from './cell-format.utils';
import { buildColumnLayout } from './column-views';
import styles from './data-grid.module.css';
import type { DataGridCommonProps } from './data-grid.types';
import { DataGridBody } from './data-grid-body';
import { DataGridFooter } from './data-grid-footer';
import { DataGridGroupPanel } from './data-grid-group-panel';
import { DataGridOverlay } from './data-grid-overlay';
import { DataGridSidePanel } from './data-grid-side-panel';
import { DataGridToolbar } from './data-grid-toolbar';
import { DEFAULT_EXPORT_FILE_NAME } from './export-rows.utils';
import { layoutToViewState, viewStateToLayout } from './layout.utils';
import { GridLayoutsBar } from './layouts/grid-layouts-bar';
import { useDataGridTable } from './use-data-grid-table';
import { useGridActions } from './use-grid-actions';
import { useGridExport } from './use-grid-export';
import { useGridPanelData } from './use-grid-panel-data';

// The grid takes 88% of the height.
export const DATA_GRID_DEFAULT_HEIGHT = '88vh';

export type DataGridViewProps<Row> = DataGridCommonProps<Row> & {
  rows: readonly Row[];
  timeZone: string;
  isLoading: boolean;
  isRefreshing: boolean;
  error: string | null;
  onRefresh: (() => void) | undefined;
};

export function DataGridView<Row>(props: DataGridViewProps<Row>) {
  const { rows, columns, timeZone, paginate = false, showTotals = false } = props;
  const {
    showSidePanel = true,
    showGroupPanel = true,
    configKey,
    apiRef,
    onRowClick,
    onRowDoubleClick,
  } = props;
  const gridId = useId();
  const { table, store, runtimes, runtimesById, layoutColumns, view, setView, setExpanded, setPagination } =
    useDataGridTable({
      rows,
      columns,
      timeZone,
      getRowId: props.getRowId,
      defaultSort: props.defaultSort,
      defaultGrouping: props.defaultGrouping,
      pageSize: props.pageSize,
    });
  const actions = useGridActions({ table, setView, setExpanded, setPagination });
  const [selectedRowId, setSelectedRowId] = useState<string | null>(null);
  const [isSidePanelOpen, setIsSidePanelOpen] = useState(false);
  const exporter = useGridExport({
    table,
    runtimesById,
    fileName: props.exportFileName ?? DEFAULT_EXPORT_FILE_NAME,
    timeZone,
  });

  const left = table.getLeftVisibleLeafColumns();
  const center = table.getCenterVisibleLeafColumns();
  const right = table.getRightVisibleLeafColumns();
  const layout = useMemo(
    () => buildColumnLayout({ left, center, right }, runtimesById, view.columnSizing, view.aggregations),
    [left, center, right, runtimesById, view.columnSizing, view.aggregations],
  );

  const coreRows = table.getCoreRowModel().rows;
  const filteredRows = table.getFilteredRowModel().rows;
  const shownRows = paginate ? table.getRowModel().rows : table.getPrePaginationRowModel().rows;
  const { pageIndex, pageSize } = table.getState().pagination;

  const { totals, summary, filterColumns, toolColumns, groups } = useGridPanelData({
    runtimes,
    runtimesById,
    store,
    view,
    layout,
    filteredRows,
    showTotals,
    summarizeRows: props.summarizeRows,
  });

  // Layout callbacks read the latest state without changing identity on every render.
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    viewRef.current = view;
  });
  const getLayout = useCallback(() => viewStateToLayout(viewRef.current, layoutColumns), [layoutColumns]);
  const applyLayout = useCallback(
    (saved: GridLayout) => actions.applyView(layoutToViewState(saved, layoutColumns)),
    [actions, layoutColumns],
  );
  const { onRefresh } = props;
  const refresh = useCallback(() => onRefresh?.(), [onRefresh]);
  const { exportExcel, exportCsv } = exporter;
  useImperativeHandle(
    apiRef,
    () => ({
      getLayout,
      applyLayout,
      exportExcel,
      exportCsv,
      refresh,
      getFilteredRowCount: () => table.getFilteredRowModel().rows.length,
    }),
    [getLayout, applyLayout, exportExcel, exportCsv, refresh, table],
  );

  const { onSelectionChange, serverExport } = props;
  const onSelectRow = useCallback(
    (row: TableRow<Row>, isClick: boolean) => {
      setSelectedRowId(row.id);
      onSelectionChange?.(row.original);
      if (isClick) onRowClick?.(row.original);
    },
    [onSelectionChange, onRowClick],
  );
  const onActivateRow = useCallback(
    (row: TableRow<Row>) => {
      setSelectedRowId(row.id);
      onRowDoubleClick?.(row.original);
    },
    [onRowDoubleClick],
  );

  // Fewer rows after a refresh or a filter may leave the page past the end.
  const pageCount = table.getPageCount();
  useEffect(() => {
    if (paginate && pageIndex > 0 && pageIndex >= pageCount) {
      setPagination((old) => ({ ...old, pageIndex: Math.max(pageCount - 1, 0) }));
    }
  }, [paginate, pageIndex, pageCount, setPagination]);

  const filterCount = Object.keys(view.filters).length;
  const rowCountText =
    filteredRows.length === coreRows.length
      ? `${formatCount(coreRows.length)} ${coreRows.length === 1 ? 'row' : 'rows'}`
      : `${formatCount(filteredRows.length)} of ${formatCount(coreRows.length)} rows`;

  return (
    <div
      data-grid-root=""
      className={styles.root}
      style={{ height: props.height ?? DATA_GRID_DEFAULT_HEIGHT }}
      data-testid="data-grid"
    >
      <DataGridToolbar
        onRefresh={refresh}
        isRefreshing={props.isRefreshing}
        onExport={() => void exporter.exportExcel()}
        onExportCsv={exporter.exportCsv}
        {...(serverExport
          ? {
              onServerExport: (format: 'csv' | 'xlsx') => {
                const { filters, sortModel } = getLayout();
                const columns = [
                  ...table.getLeftVisibleLeafColumns(),
                  ...table.getCenterVisibleLeafColumns(),
                  ...table.getRightVisibleLeafColumns(),
                ].map((column) => column.id);
                serverExport.onExport(format, { columns, filters, sortModel });
              },
              isServerExportPending: serverExport.isPending === true,
            }
          : {})}
        isExporting={exporter.isExporting}
        exportProgress={exporter.progress}
        canExport={!props.isLoading && props.error === null}
        layoutsBar={
          configKey ? (
            <GridLayoutsBar
              configKey={configKey}
              getLayout={getLayout}
              applyLayout={applyLayout}
              schedule={serverExport?.schedule}
            />
          ) : null
        }
        hasSidePanel={showSidePanel}
        isSidePanelOpen={isSidePanelOpen}
        onToggleSidePanel={() => setIsSidePanelOpen((isOpen) => !isOpen)}
        activeFilterCount={filterCount}
        onClearFilters={actions.clearFilters}
        rowCountText={props.isLoading ? '' : rowCountText}
      />
      {showGroupPanel && (
        <DataGridGroupPanel groups={groups} onGroup={actions.groupBy} onUngroup={actions.ungroup} />
      )}
      <div className={styles.main}>
        <div className={styles.region}>
          <DataGridBody
            rows={props.isLoading || props.error !== null ? [] : shownRows}
            rowOffset={paginate ? pageIndex * pageSize : 0}
            totalRowCount={paginate ? table.getPrePaginationRowModel().rows.length : shownRows.length}
            layout={layout}
            sorting={view.sorting}
            actions={actions}
            selectedRowId={selectedRowId}
            onSelectRow={onSelectRow}
            onActivateRow={onActivateRow}
            gridId={gridId}
            ariaLabel={props.ariaLabel ?? 'Data grid'}
          />
          <DataGridOverlay
            isLoading={props.isLoading}
            error={props.error}
            isEmpty={shownRows.length === 0}
            emptyText={props.emptyText}
            onRetry={refresh}
          />
        </div>
        {showSidePanel && isSidePanelOpen && (
          <DataGridSidePanel
            filterColumns={filterColumns}
            filters={view.filters}
            toolColumns={toolColumns}
            actions={actions}
          />
        )}
      </div>
      <DataGridFooter
        totals={totals}
        summary={summary}
        page={
          paginate
            ? {
                index: pageIndex,
                count: pageCount,
                onPrevious: () => table.previousPage(),
                onNext: () => table.nextPage(),
              }
            : null
        }
      />
    </div>
  );
}
