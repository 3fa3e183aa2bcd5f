import { createZonedDateFormatter } from '@portico/contracts/grid/zoned-time';
import { centsToDecimalString, createCellFormatter } from './cell-format.utils';
import type { CellValue } from './cell-values.utils';
import type { DataGridColumn, DataGridColumnKind } from './data-grid.types';
import type { ExcelExportInput, ExportCell, ExportCellKind } from './export/export-types';

export const DEFAULT_EXPORT_FILE_NAME = 'Export.xlsx';

// A visible column: its definition's formatting fields and how to read a row's cell (the grid passes
// TanStack's cached cell value; tests may read the raw row through createCellValueReader).
export type ExportableColumn<Row> = Pick<DataGridColumn<Row>, 'header' | 'kind' | 'enumLabels'> & {
  read: (row: Row) => CellValue;
};

type ToExportInputArgs<Row> = {
  fileName: string;
  // Visible columns in displayed order.
  columns: readonly ExportableColumn<Row>[];
  // Filtered and sorted rows, groups flattened to their leaf rows in group order.
  rows: readonly Row[];
  timeZone: string;
};

function exportKindOf(kind: DataGridColumnKind): ExportCellKind {
  return kind === 'enum' ? 'text' : kind;
}

type CellWriter = (value: CellValue) => ExportCell;

// Dates leave as text in the user's timezone (yyyy-mm-dd), numbers as numbers,
// enums as their labels; the export module does the rest (Yes/No, control characters, cell cap).
function createCellWriter(
  column: Pick<DataGridColumn<unknown>, 'kind' | 'enumLabels'>,
  timeZone: string,
): CellWriter {
  switch (column.kind) {
    case 'money':
      return (value) => (typeof value === 'number' ? Number(centsToDecimalString(value)) : null);
    case 'number':
      return (value) => (typeof value === 'number' ? value : null);
    case 'date':
    case 'datetime': {
      const format = createZonedDateFormatter(
        timeZone,
        column.kind === 'date' ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss',
      );
      return (value) => (typeof value === 'number' ? format(value) : null);
    }
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : null);
    case 'enum':
    case 'text': {
      const format = createCellFormatter(column, timeZone);
      return (value) => (value === undefined ? null : format(value));
    }
  }
}

export function toExportInput<Row>({
  fileName,
  columns,
  rows,
  timeZone,
}: ToExportInputArgs<Row>): ExcelExportInput {
  const writers = columns.map((column) => createCellWriter(column, timeZone));
  const cells: ExportCell[][] = [];
  for (const row of rows) {
    const line: ExportCell[] = [];
    columns.forEach((column, col) => {
      const write = writers[col];
      line.push(write ? write(column.read(row)) : null);
    });
    cells.push(line);
  }
  return {
    fileName,
    columns: columns.map((column) => ({ header: column.header, kind: exportKindOf(column.kind) })),
    rows: cells,
  };
}

type GroupedRow<R> = { subRows: R[]; getIsGrouped: () => boolean };

// Groups flattened to their leaf rows, in group order (and each group's sort order).
export function flattenGroupRows<R extends GroupedRow<R>>(rows: readonly R[]): R[] {
  const leaves: R[] = [];
  const visit = (level: readonly R[]) => {
    for (const row of level) {
      if (row.getIsGrouped()) visit(row.subRows);
      else leaves.push(row);
    }
  };
  visit(rows);
  return leaves;
}
