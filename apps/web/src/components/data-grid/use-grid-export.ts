import type { Table, Row as TableRow } from '@tanstack/react-table';
import { useCallback } from 'react';
import type { CellValue } from './cell-values.utils';
import { useExcelExport } from './export/use-excel-export';
import { type ExportableColumn, flattenGroupRows, toExportInput } from './export-rows.utils';
import type { ColumnRuntime } from './grid-columns';

type UseGridExportArgs<Row> = {
  table: Table<Row>;
  runtimesById: ReadonlyMap<string, ColumnRuntime<Row>>;
  fileName: string;
  timeZone: string;
};

// Export Excel: what the grid shows (visible columns in order, filtered and sorted rows, groups
// flattened), read at click time so it matches the screen.
export function useGridExport<Row>({ table, runtimesById, fileName, timeZone }: UseGridExportArgs<Row>) {
  const excel = useExcelExport();
  const { exportExcel } = excel;
  const run = useCallback(async () => {
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
    // The export module reports its own failures.
    await exportExcel(toExportInput({ fileName, columns, rows, timeZone }));
  }, [table, runtimesById, fileName, timeZone, exportExcel]);
  return { exportExcel: run, isExporting: excel.isExporting, progress: excel.progress };
}
