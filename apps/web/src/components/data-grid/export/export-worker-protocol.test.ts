import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { ExportCell, ExportColumn } from './export-types';
import {
  createExportRequestHandler,
  type ExportWorkerMessage,
  isExportWorkerMessage,
  PROGRESS_STEP,
  REQUEST_NOT_UNDERSTOOD,
} from './export-worker-protocol';

const columns: ExportColumn[] = [
  { header: 'Id', kind: 'number' },
  { header: 'Status', kind: 'text' },
];

function createHandler() {
  const post = vi.fn<(message: ExportWorkerMessage, transfer?: Transferable[]) => void>();
  return { handle: createExportRequestHandler(post), post };
}

function postedMessages(post: ReturnType<typeof createHandler>['post']) {
  return post.mock.calls.map(([message]) => message);
}

function progressOf(messages: ExportWorkerMessage[]): number[] {
  return messages.flatMap((message) => (message.type === 'progress' ? [message.fraction] : []));
}

async function readDone(post: ReturnType<typeof createHandler>['post']) {
  const last = post.mock.calls.at(-1);
  const done = last?.[0];
  if (done?.type !== 'done') throw new Error('The last message is not done');
  // Transferred, not copied.
  expect(last?.[1]).toEqual([done.bytes.buffer]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(done.bytes.buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('No sheet');
  return sheet;
}

const manyRows = (count: number): ExportCell[][] =>
  Array.from({ length: count }, (_, index) => [index, index % 2 ? 'Approved' : 'Declined']);

describe('export worker request handler', () => {
  it('builds a whole export sent in one message, posting progress in steps of about 5%', async () => {
    const { handle, post } = createHandler();

    handle({ columns, rows: manyRows(60_000) });

    const fractions = progressOf(postedMessages(post));
    expect(fractions.length).toBeGreaterThanOrEqual(10);
    expect(fractions.length).toBeLessThanOrEqual(20);
    for (const [index, fraction] of fractions.entries()) {
      expect(fraction - (fractions[index - 1] ?? 0)).toBeGreaterThanOrEqual(PROGRESS_STEP);
    }
    const sheet = await readDone(post);
    expect(sheet.getRow(60_001).values).toEqual([undefined, 59_999, 'Approved']);
  });

  it('writes rows sent in batches between start and end', async () => {
    const { handle, post } = createHandler();
    const rows = manyRows(25_000);

    handle({ type: 'start', columns, rowCount: rows.length });
    for (let start = 0; start < rows.length; start += 5_000) {
      handle({ type: 'rows', rows: rows.slice(start, start + 5_000) });
    }
    expect(progressOf(postedMessages(post))).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
    handle({ type: 'end' });

    const sheet = await readDone(post);
    expect(sheet.rowCount).toBe(25_001);
    expect(sheet.getRow(2).values).toEqual([undefined, 0, 'Declined']);
    expect(sheet.getRow(25_001).values).toEqual([undefined, 24_999, 'Approved']);
  });

  it('answers an error for a request it does not understand', () => {
    const requests = [
      null,
      'rows',
      { columns },
      { columns: [{ header: 'Id', kind: 'colour' }], rows: [] },
      { type: 'start', columns, rowCount: -1 },
      { type: 'rows', rows: 'all of them' },
      { type: 'cancel' },
    ];
    for (const request of requests) {
      const { handle, post } = createHandler();
      handle(request);
      expect(postedMessages(post)).toEqual([{ type: 'error', message: REQUEST_NOT_UNDERSTOOD }]);
    }
  });

  it('answers one error, not a file, when a cell cannot be written, and ignores the rest', () => {
    const { handle, post } = createHandler();

    handle({ type: 'start', columns, rowCount: 2 });
    // A structured clone can carry anything: an object where a cell should be.
    handle(JSON.parse('{"type":"rows","rows":[[{"nested":true}, "x"]]}'));
    handle({ type: 'rows', rows: [[2, 'fine']] });
    handle({ type: 'end' });

    expect(postedMessages(post)).toEqual([{ type: 'error', message: expect.any(String) }]);
  });
});

describe('isExportWorkerMessage', () => {
  it('accepts the three message shapes and nothing else', () => {
    expect(isExportWorkerMessage({ type: 'progress', fraction: 0.5 })).toBe(true);
    expect(isExportWorkerMessage({ type: 'done', bytes: new Uint8Array(2) })).toBe(true);
    expect(isExportWorkerMessage({ type: 'error', message: 'boom' })).toBe(true);
    expect(isExportWorkerMessage({ type: 'progress', fraction: '50%' })).toBe(false);
    expect(isExportWorkerMessage({ type: 'done', bytes: [1, 2] })).toBe(false);
    expect(isExportWorkerMessage({ type: 'other' })).toBe(false);
    expect(isExportWorkerMessage(null)).toBe(false);
  });
});
