import type { ExcelExportInput } from './export-types';
import { type ExportWorkerRequest, isExportWorkerMessage } from './export-worker-protocol';
import { buildXlsx } from './xlsx-writer';

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Some browsers start reading the blob only after the click returns; FileSaver.js waits too.
const REVOKE_URL_AFTER_MS = 1_000;

// Rows per message to the worker: each structured clone stays a few milliseconds long.
export const ROWS_PER_WORKER_MESSAGE = 5_000;

// A macrotask, so input and painting get their turn between two batches.
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Exported for the export benchmark (bench/grid), which times it without a download.
export function buildXlsxInWorker(
  input: ExcelExportInput,
  onProgress?: (fraction: number) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' });
  let isSettled = false;
  const result = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      isSettled = true;
      worker.terminate();
      outcome();
    };
    worker.addEventListener('message', (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (!isExportWorkerMessage(message)) return;
      if (message.type === 'progress') onProgress?.(message.fraction);
      else if (message.type === 'done') settle(() => resolve(message.bytes));
      else settle(() => reject(new Error(message.message)));
    });
    // The worker script failed to load or threw outside the handler.
    worker.addEventListener('error', (event) => {
      settle(() => reject(new Error(event.message || 'The export worker failed.')));
    });
    worker.addEventListener('messageerror', () => {
      settle(() => reject(new Error('The export worker sent a message that could not be read.')));
    });
  });

  const send = (request: ExportWorkerRequest) => worker.postMessage(request);
  const sendRows = async () => {
    const { columns, rows } = input;
    send({ type: 'start', columns, rowCount: rows.length });
    for (let start = 0; start < rows.length && !isSettled; start += ROWS_PER_WORKER_MESSAGE) {
      send({ type: 'rows', rows: rows.slice(start, start + ROWS_PER_WORKER_MESSAGE) });
      await nextTask();
    }
    if (!isSettled) send({ type: 'end' });
  };
  // A failure to send (a cell that cannot be cloned) ends the export like a worker error.
  return Promise.all([result, sendRows()]).then(
    ([bytes]) => bytes,
    (error: unknown) => {
      if (!isSettled) {
        isSettled = true;
        worker.terminate();
      }
      throw error;
    },
  );
}

export function withXlsxExtension(fileName: string): string {
  return /\.xlsx$/i.test(fileName) ? fileName : `${fileName}.xlsx`;
}

export function downloadXlsx(bytes: Uint8Array<ArrayBuffer>, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: XLSX_MIME_TYPE }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = withXlsxExtension(fileName);
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_URL_AFTER_MS);
}

// Builds the workbook in a Web Worker (the page never freezes) and downloads it. Only where
// workers do not exist (the component tests) does it build on the main thread.
export async function exportToExcel(
  input: ExcelExportInput,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  const bytes =
    typeof Worker === 'undefined'
      ? buildXlsx(input.columns, input.rows, onProgress)
      : await buildXlsxInWorker(input, onProgress);
  onProgress?.(1);
  downloadXlsx(bytes, input.fileName);
}
