import { buildXlsxInWorker } from '@web/components/data-grid/export/export-excel';
import type { ExportCell, ExportColumn } from '@web/components/data-grid/export/export-types';
import ExcelJS from 'exceljs';
import { benchColumns, makeBenchRows } from './bench-data';
import type { ExportBenchApi } from './bench-protocol';

declare global {
  interface Window {
    exportBench?: ExportBenchApi;
  }
}

// The same cells both ways: what the grid hands its export (dates as text, money as numbers).
const rowCount = Number(new URLSearchParams(location.search).get('rows') ?? 100_000);
const rows = makeBenchRows(rowCount);
const columns: ExportColumn[] = benchColumns.map((column) => ({
  header: column.header,
  kind: column.kind === 'datetime' ? 'datetime' : column.kind === 'enum' ? 'text' : column.kind,
}));
const cells: ExportCell[][] = rows.map((row) =>
  benchColumns.map((column) => {
    const value = row[column.id];
    return column.kind === 'datetime' && typeof value === 'string'
      ? value.slice(0, 19).replace('T', ' ')
      : value;
  }),
);

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

window.exportBench = {
  ours: () => time(() => buildXlsxInWorker({ fileName: 'bench.xlsx', columns, rows: cells })),
  // exceljs's in-memory workbook, the design's baseline.
  exceljs: () =>
    time(async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Sheet1');
      sheet.addRow(columns.map((column) => column.header));
      sheet.addRows(
        cells.map((row) => row.map((cell) => (typeof cell === 'boolean' ? (cell ? 'Yes' : 'No') : cell))),
      );
      await workbook.xlsx.writeBuffer();
    }),
};
