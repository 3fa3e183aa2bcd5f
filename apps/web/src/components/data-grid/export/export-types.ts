// What the grid hands to the Excel export: the visible columns and the rows as shown (filtered,
// sorted, groups flattened), each cell already formatted where the column's kind asks for text.
export type ExportCellKind = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'boolean';
export type ExportColumn = { header: string; kind: ExportCellKind };
export type ExportCell = string | number | boolean | null;
export type ExcelExportInput = { fileName: string; columns: ExportColumn[]; rows: ExportCell[][] };
