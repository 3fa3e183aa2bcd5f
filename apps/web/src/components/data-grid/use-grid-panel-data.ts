import type { Row as TableRow } from '@tanstack/react-table';
import { useDeferredValue, useMemo } from 'react';
import type { CellValue } from './cell-values.utils';
import type { ColumnValueStore } from './column-value-store';
import type { ColumnLayout } from './column-views';
import type { ToolColumn } from './columns-tool';
import type { DataGridSummary } from './data-grid.types';
import type { TotalsItem } from './data-grid-footer';
import type { FilterColumn } from './filters-tool';
import type { ColumnRuntime } from './grid-columns';
import { collectSetOptions } from './grid-filters.utils';
import type { GridViewState } from './layout.utils';
import { formatTotals, sumColumn, totalsFormatOf } from './totals.utils';

function* valuesAt<Row>(values: readonly CellValue[], rows: readonly TableRow<Row>[]): Generator<CellValue> {
  for (const row of rows) yield values[row.index];
}

type UseGridPanelDataArgs<Row> = {
  runtimes: readonly ColumnRuntime<Row>[];
  runtimesById: ReadonlyMap<string, ColumnRuntime<Row>>;
  store: ColumnValueStore<Row>;
  view: GridViewState;
  layout: ColumnLayout<Row>;
  filteredRows: TableRow<Row>[];
  showTotals: boolean;
  summarizeRows?: ((rows: readonly Row[]) => DataGridSummary) | undefined;
};

// What the totals line, the side panel's tools and the group panel show.
export function useGridPanelData<Row>({
  runtimes,
  runtimesById,
  store,
  view,
  layout,
  filteredRows,
  showTotals,
  summarizeRows,
}: UseGridPanelDataArgs<Row>) {
  // Totals follow the filtered rows in a deferred render, so they never hold back the rows themselves.
  const totalsRows = useDeferredValue(showTotals ? filteredRows : null, null);
  const totals = useMemo((): TotalsItem[] | null => {
    if (!showTotals || totalsRows === null) return null;
    return layout.all
      .filter((column) => column.runtime.isNumeric && column.runtime.spec.isTotalled !== false)
      .map((column) => ({
        id: column.id,
        header: column.runtime.spec.header,
        totals: formatTotals(
          sumColumn(valuesAt(store.column(column.id), totalsRows)),
          totalsFormatOf(column.runtime.spec),
        ),
      }));
  }, [showTotals, layout.all, totalsRows, store]);

  const summary = useMemo((): DataGridSummary | null => {
    if (!showTotals || totalsRows === null || summarizeRows === undefined) return null;
    return summarizeRows(totalsRows.map((row) => row.original));
  }, [showTotals, totalsRows, summarizeRows]);

  const filterColumns = useMemo(
    (): FilterColumn[] =>
      runtimes.flatMap((runtime) =>
        runtime.filterKind === null
          ? []
          : [
              {
                id: runtime.id,
                header: runtime.spec.header,
                filterKind: runtime.filterKind,
                // Distinct values over all rows, collected when the set filter opens.
                getSetOptions: () =>
                  collectSetOptions(store.column(runtime.id), runtime.spec.kind, runtime.format),
              },
            ],
      ),
    [runtimes, store],
  );

  const { columnOrder, columnPinning, columnVisibility, grouping } = view;
  const toolColumns = useMemo(
    (): ToolColumn[] =>
      columnOrder.flatMap((id) => {
        const runtime = runtimesById.get(id);
        if (!runtime) return [];
        const pin = columnPinning.left.includes(id)
          ? 'left'
          : columnPinning.right.includes(id)
            ? 'right'
            : null;
        return [{ id, header: runtime.spec.header, isVisible: columnVisibility[id] !== false, pin }];
      }),
    [columnOrder, columnPinning, columnVisibility, runtimesById],
  );
  const groups = useMemo(
    () => grouping.map((id) => ({ id, header: runtimesById.get(id)?.spec.header ?? id })),
    [grouping, runtimesById],
  );
  return { totals, summary, filterColumns, toolColumns, groups };
}
