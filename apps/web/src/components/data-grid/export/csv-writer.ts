import type { ExportCell, ExportColumn } from './export-types';

export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';
const REVOKE_URL_AFTER_MS = 1_000;
// A text cell a spreadsheet would run as a formula starts with one of these; it is written with a
// leading apostrophe so it opens as the text it is.
const FORMULA_START = /^[=+\-@\t\r]/;

function textCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvCell(cell: ExportCell, column: ExportColumn | undefined): string {
  if (cell === null) return '';
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  if (typeof cell === 'number') return column?.kind === 'money' ? cell.toFixed(2) : String(cell);
  return textCell(cell);
}

// The grid's export as CSV (RFC 4180, CRLF lines, UTF-8 with a byte order mark so spreadsheets
// read accents): the header row, then one line per row. Money keeps its sign and two decimals.
export function buildCsv(columns: readonly ExportColumn[], rows: readonly (readonly ExportCell[])[]): string {
  const lines = [columns.map((column) => textCell(column.header)).join(',')];
  for (const row of rows) lines.push(row.map((cell, index) => csvCell(cell, columns[index])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function withCsvExtension(fileName: string): string {
  const bare = fileName.replace(/\.xlsx$/i, '');
  return /\.csv$/i.test(bare) ? bare : `${bare}.csv`;
}

export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: CSV_MIME_TYPE }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = withCsvExtension(fileName);
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_URL_AFTER_MS);
}
