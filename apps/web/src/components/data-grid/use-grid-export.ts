import type { Table, Row as TableRow } from '@tanstack/react-table';
import { useCallback } from 'react';
import type { CellValue } from './cell-values.utils';
import { buildCsv, downloadCsv } from './export/csv-writer';
import { useExcelExport } from './export/use-excel-export';
import { type ExportableColumn, flattenGroupRows, toExportInput } from './export-rows.utils';
import type { ColumnRuntime } from './grid-columns';

type UseGridExportArgs<Row> = {
  table: Table<Row>;
  runtimesById: ReadonlyMap<string, ColumnRuntime<Row>>;
  fileName: string;
  timeZone: string;
};

// Export Excel or CSV: what the grid shows (visible columns in order, filtered and sorted rows,
// groups flattened), read at click time so it matches the screen.
export function useGridExport<Row>({ table, runtimesById, fileName, timeZone }: UseGridExportArgs<Row>) {
  const excel = useExcelExport();
  const { exportExcel } = excel;
  const shownInput = useCallback(() => {
    const shown = [
      ...table.getLeftVisibleLeafColumns(),
      ...table.getCenterVisibleLeafColumns(),
      ...table.getRightVisibleLeafColumns(),
    ];
    const columns: ExportableColumn<TableRow<Row>>[] = [];
    for (const column of shown) {
      const runtime = runtimesById.get(column.id);
      if (!runtime) continue;
      const { header, kind, enumLabels } = runtime.spec;
      columns.push({ header, kind, enumLabels, read: (row) => row.getValue<CellValue>(column.id) });
    }
    const rows = flattenGroupRows(table.getSortedRowModel().rows);
    return toExportInput({ fileName, columns, rows, timeZone });
  }, [table, runtimesById, fileName, timeZone]);
  // The export module reports its own failures.
  const run = useCallback(async () => exportExcel(shownInput()), [exportExcel, shownInput]);
  const exportCsv = useCallback(() => {
    const input = shownInput();
    downloadCsv(buildCsv(input.columns, input.rows), input.fileName);
  }, [shownInput]);
  return { exportExcel: run, exportCsv, isExporting: excel.isExporting, progress: excel.progress };
}
