import type { ExportCell, ExportCellKind, ExportColumn } from './export-types';
import { XlsxBuilder } from './xlsx-writer';

// The messages between the page and export.worker.ts, and the worker's handler as a plain object
// so it can be tested without a worker.
//
// The page may send the whole export in one message ({columns, rows}), but one structured clone of
// 100,000 x 20 cells blocks the page for 100-300 ms; exportToExcel therefore sends 'start', the rows
// in batches (yielding between them) and 'end', and the worker writes each batch as it arrives.

export type ExportWorkerRequest =
  | { type?: undefined; columns: ExportColumn[]; rows: ExportCell[][] }
  | { type: 'start'; columns: ExportColumn[]; rowCount: number }
  | { type: 'rows'; rows: ExportCell[][] }
  | { type: 'end' };

export type ExportWorkerMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; bytes: Uint8Array<ArrayBuffer> }
  | { type: 'error'; message: string };

export type PostExportMessage = (message: ExportWorkerMessage, transfer?: Transferable[]) => void;

// Progress is posted in steps of about this much, not once per batch of rows.
export const PROGRESS_STEP = 0.05;
// Rows written between two progress checks when the whole export arrives in one message.
const ROWS_PER_STEP = 2_000;
export const REQUEST_NOT_UNDERSTOOD = 'The export request was not understood.';

const cellKinds: readonly ExportCellKind[] = ['text', 'number', 'money', 'date', 'datetime', 'boolean'];

function isExportColumn(value: unknown): value is ExportColumn {
  if (typeof value !== 'object' || value === null) return false;
  if (!('header' in value) || typeof value.header !== 'string') return false;
  return 'kind' in value && cellKinds.some((kind) => kind === value.kind);
}

function readColumns(data: object): ExportColumn[] | null {
  if (!('columns' in data) || !Array.isArray(data.columns)) return null;
  const columns: unknown[] = data.columns;
  return columns.every(isExportColumn) ? columns : null;
}

// Shallow on purpose: checking two million cells one by one would cost more than writing them,
// and the writer turns a cell it cannot write into an error message.
function readRows(data: object): ExportCell[][] | null {
  if (!('rows' in data) || !Array.isArray(data.rows)) return null;
  const rows: unknown[] = data.rows;
  return rows.every((row): row is ExportCell[] => Array.isArray(row)) ? rows : null;
}

export function parseExportWorkerRequest(data: unknown): ExportWorkerRequest | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = 'type' in data ? data.type : undefined;
  if (type === 'end') return { type };
  if (type === 'rows') {
    const rows = readRows(data);
    return rows && { type, rows };
  }
  const columns = readColumns(data);
  if (!columns) return null;
  if (type === 'start') {
    const rowCount = 'rowCount' in data ? data.rowCount : undefined;
    if (typeof rowCount !== 'number' || !Number.isInteger(rowCount) || rowCount < 0) return null;
    return { type, columns, rowCount };
  }
  if (type !== undefined) return null;
  const rows = readRows(data);
  return rows && { columns, rows };
}

export function isExportWorkerMessage(data: unknown): data is ExportWorkerMessage {
  if (typeof data !== 'object' || data === null || !('type' in data)) return false;
  if (data.type === 'progress') return 'fraction' in data && typeof data.fraction === 'number';
  if (data.type === 'done') return 'bytes' in data && data.bytes instanceof Uint8Array;
  if (data.type === 'error') return 'message' in data && typeof data.message === 'string';
  return false;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// One export at a time: a new 'start' (or a whole export) drops whatever came before it.
export function createExportRequestHandler(post: PostExportMessage): (data: unknown) => void {
  let builder: XlsxBuilder | null = null;
  let rowCount = 0;
  let lastPosted = 0;

  const reportProgress = (current: XlsxBuilder) => {
    const fraction = rowCount === 0 ? 1 : Math.min(1, current.rowsWritten / rowCount);
    if (fraction - lastPosted < PROGRESS_STEP) return;
    lastPosted = fraction;
    post({ type: 'progress', fraction });
  };
  const start = (columns: ExportColumn[], expectedRows: number) => {
    builder = new XlsxBuilder(columns);
    rowCount = expectedRows;
    lastPosted = 0;
    return builder;
  };
  const finish = (current: XlsxBuilder) => {
    builder = null;
    const bytes = current.finish();
    // Transferred, not copied: the file can be tens of megabytes.
    post({ type: 'done', bytes }, [bytes.buffer]);
  };

  return (data) => {
    const request = parseExportWorkerRequest(data);
    try {
      if (request === null) throw new Error(REQUEST_NOT_UNDERSTOOD);
      if (request.type === undefined) {
        const current = start(request.columns, request.rows.length);
        for (let from = 0; from < request.rows.length; from += ROWS_PER_STEP) {
          current.addRows(request.rows, from, Math.min(request.rows.length, from + ROWS_PER_STEP));
          reportProgress(current);
        }
        finish(current);
      } else if (request.type === 'start') {
        start(request.columns, request.rowCount);
      } else if (builder === null) {
        // Rows or end with no export under way: an earlier failure already answered the page.
        return;
      } else if (request.type === 'rows') {
        builder.addRows(request.rows);
        reportProgress(builder);
      } else {
        finish(builder);
      }
    } catch (error) {
      builder = null;
      post({ type: 'error', message: errorText(error) });
    }
  };
}
