import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import ExcelJS from 'exceljs';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../toast-host';
import { exportToExcel, ROWS_PER_WORKER_MESSAGE, withXlsxExtension, XLSX_MIME_TYPE } from './export-excel';
import type { ExcelExportInput } from './export-types';
import { createExportRequestHandler, parseExportWorkerRequest } from './export-worker-protocol';
import { useExcelExport } from './use-excel-export';

const input: ExcelExportInput = {
  fileName: 'InternalReportingForDeclines.xlsx',
  columns: [
    { header: 'Reason', kind: 'text' },
    { header: 'Count', kind: 'number' },
  ],
  rows: [
    ['Insufficient funds', 12],
    ['Expired card', 3],
  ],
};

type Download = { blob: Blob; fileName: string; wasInDocument: boolean };

// Captures what the browser would save: the blob behind the object URL and the anchor's file name.
function captureDownloads() {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:portal.test/${blobs.size}`;
    if (blob instanceof Blob) blobs.set(url, blob);
    return url;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ blob, fileName: this.download, wasInDocument: this.isConnected });
  });
  return { downloads, revoke };
}

async function readSheet(blob: Blob) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  return workbook.worksheets[0];
}

// Runs the real handler the way the module worker does, one task later.
class FakeWorker extends EventTarget {
  static created: FakeWorker[] = [];
  isTerminated = false;
  readonly received: unknown[] = [];
  private readonly handle = createExportRequestHandler((message) => {
    if (!this.isTerminated) this.dispatchEvent(new MessageEvent('message', { data: message }));
  });

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.created.push(this);
  }

  postMessage(data: unknown) {
    this.received.push(data);
    setTimeout(() => this.handle(data));
  }

  terminate() {
    this.isTerminated = true;
  }
}

function describeRequest(data: unknown): string {
  const request = parseExportWorkerRequest(data);
  if (request?.type === 'start') return `start ${request.rowCount}`;
  if (request?.type === 'rows') return `rows ${request.rows.length}`;
  return request?.type ?? 'whole export';
}

describe('exportToExcel', () => {
  beforeEach(() => {
    FakeWorker.created = [];
  });

  it('downloads the workbook under the page file name when no worker exists', async () => {
    vi.stubGlobal('Worker', undefined);
    const { downloads, revoke } = captureDownloads();

    await exportToExcel(input);

    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download?.fileName).toBe('InternalReportingForDeclines.xlsx');
    expect(download?.wasInDocument).toBe(true);
    expect(download?.blob.type).toBe(XLSX_MIME_TYPE);
    const sheet = download && (await readSheet(download.blob));
    expect(sheet?.getRow(2).values).toEqual([undefined, 'Insufficient funds', 12]);
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:portal.test/0'), { timeout: 3000 });
  });

  it('builds the file in a module worker, passing its progress on, and ends the worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { downloads } = captureDownloads();
    const rows = Array.from({ length: 30_000 }, (_, index) => [`Reason ${index}`, index]);
    const progress: number[] = [];

    await exportToExcel({ ...input, rows }, (fraction) => progress.push(fraction));

    const [worker] = FakeWorker.created;
    expect(worker?.options).toEqual({ type: 'module' });
    expect(worker?.url.pathname).toMatch(/export\.worker\.ts$/);
    expect(worker?.isTerminated).toBe(true);
    // Sent in batches, so no single structured clone blocks the page.
    expect(worker?.received.map(describeRequest)).toEqual([
      'start 30000',
      ...Array.from({ length: 6 }, () => `rows ${ROWS_PER_WORKER_MESSAGE}`),
      'end',
    ]);
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.at(-1)).toBe(1);
    const sheet = downloads[0] && (await readSheet(downloads[0].blob));
    expect(sheet?.getRow(30_001).values).toEqual([undefined, 'Reason 29999', 29_999]);
  });

  it('fails, without a download, when the worker answers an error', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { downloads } = captureDownloads();

    await expect(exportToExcel({ ...input, rows: JSON.parse('[[{"not":"a cell"}]]') })).rejects.toThrow();
    expect(downloads).toHaveLength(0);
    expect(FakeWorker.created[0]?.isTerminated).toBe(true);
  });

  it('adds the .xlsx extension when the name has none', () => {
    expect(withXlsxExtension('Transactions')).toBe('Transactions.xlsx');
    expect(withXlsxExtension('Report.XLSX')).toBe('Report.XLSX');
  });
});

describe('useExcelExport', () => {
  beforeEach(() => {
    notifications.clean();
    notifications.cleanQueue();
    vi.stubGlobal('Worker', undefined);
  });
  afterEach(() => {
    notifications.clean();
  });

  function wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider>
        <ToastHost />
        {children}
      </MantineProvider>
    );
  }

  it('reports exporting and progress, then downloads', async () => {
    const { downloads } = captureDownloads();
    const { result } = renderHook(() => useExcelExport(), { wrapper });
    expect(result.current.isExporting).toBe(false);

    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.exportExcel(input);
    });
    expect(result.current.isExporting).toBe(true);
    await act(() => running);

    expect(result.current.isExporting).toBe(false);
    expect(result.current.progress).toBe(1);
    expect(downloads).toHaveLength(1);
  });

  it("shows 'Something went wrong' when the export fails, and does not throw", async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      throw new Error('Downloads are blocked');
    });
    const { result } = renderHook(() => useExcelExport(), { wrapper });

    await act(() => result.current.exportExcel(input));

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(result.current.isExporting).toBe(false);
  });
});
