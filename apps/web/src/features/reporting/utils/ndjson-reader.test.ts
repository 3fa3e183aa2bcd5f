import { describe, expect, it } from 'vitest';
import { NdjsonLineError, readNdjsonRows } from './ndjson-reader';

const encoder = new TextEncoder();

// A body that arrives in exactly these chunks (as a network would cut it).
function streamOf(chunks: readonly (string | Uint8Array)[]) {
  let cancelled = false;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled];
      pulled += 1;
      if (next === undefined) controller.close();
      else controller.enqueue(typeof next === 'string' ? encoder.encode(next) : next);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, wasCancelled: () => cancelled };
}

function numberRow(value: unknown): number | undefined {
  return Array.isArray(value) && typeof value[0] === 'number' ? value[0] : undefined;
}

async function readAll(chunks: readonly (string | Uint8Array)[], batchSize = { min: 2, max: 3 }) {
  const batches: number[][] = [];
  const { stream } = streamOf(chunks);
  const count = await readNdjsonRows(stream, {
    parseRow: numberRow,
    onRows: (rows) => batches.push(rows),
    batchSize,
  });
  return { batches, count };
}

describe('readNdjsonRows', () => {
  it('joins lines cut in the middle by chunk boundaries', async () => {
    const { batches, count } = await readAll(['[1]\n[', '2]\n[3', ']\n[4]\n'], { min: 100, max: 1000 });
    expect(count).toBe(4);
    expect(batches.flat()).toEqual([1, 2, 3, 4]);
  });

  it('reads CRLF line ends, skips empty lines and takes a last line without its newline', async () => {
    const { batches } = await readAll(['[1]\r\n\r\n', '\n[2]\r', '\n   \n[3]']);
    expect(batches.flat()).toEqual([1, 2, 3]);
  });

  it('decodes a multi-byte character split across chunks', async () => {
    const bytes = encoder.encode('[5, "Café"]\n');
    const cut = bytes.indexOf(0xc3) + 1;
    const rows: unknown[] = [];
    const { stream } = streamOf([bytes.slice(0, cut), bytes.slice(cut)]);
    await readNdjsonRows(stream, { parseRow: (value) => value, onRows: (batch) => rows.push(...batch) });
    expect(rows).toEqual([[5, 'Café']]);
  });

  it('hands rows on in batches of at most max, and at chunk ends once min are waiting', async () => {
    // One chunk of 7 lines: 3 + 3 at max, the last 1 at the end of the stream.
    const seven = `${[1, 2, 3, 4, 5, 6, 7].map((n) => `[${n}]`).join('\n')}\n`;
    expect((await readAll([seven])).batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    // Chunks of one line: nothing until two are waiting at a chunk end.
    expect((await readAll(['[1]\n', '[2]\n', '[3]\n', '[4]\n', '[5]\n'])).batches).toEqual([
      [1, 2],
      [3, 4],
      [5],
    ]);
  });

  it('batches the portal stream between 100 and 1,000 rows by default', async () => {
    const lines = Array.from({ length: 2_500 }, (_, i) => `[${i}]\n`);
    // Network chunks of 30 lines.
    const chunks: string[] = [];
    for (let i = 0; i < lines.length; i += 30) chunks.push(lines.slice(i, i + 30).join(''));
    const batches: number[][] = [];
    const { stream } = streamOf(chunks);
    await readNdjsonRows(stream, { parseRow: numberRow, onRows: (rows) => batches.push(rows) });
    expect(batches.flat()).toHaveLength(2_500);
    for (const batch of batches.slice(0, -1)) {
      expect(batch.length).toBeGreaterThanOrEqual(100);
      expect(batch.length).toBeLessThanOrEqual(1_000);
    }
  });

  it('refuses a malformed line with its number and cancels the stream', async () => {
    const { stream, wasCancelled } = streamOf(['[1]\n[2]\n{oops\n[4]\n', '[5]\n']);
    const reading = readNdjsonRows(stream, { parseRow: numberRow, onRows: () => undefined });
    await expect(reading).rejects.toBeInstanceOf(NdjsonLineError);
    await expect(reading).rejects.toMatchObject({ lineNumber: 3 });
    expect(wasCancelled()).toBe(true);
  });

  it('refuses a line that parses but is not a row', async () => {
    const { stream } = streamOf(['[1]\n"text"\n']);
    await expect(
      readNdjsonRows(stream, { parseRow: numberRow, onRows: () => undefined }),
    ).rejects.toMatchObject({ lineNumber: 2, message: 'Line 2 of the report is not a report row' });
  });

  it('answers 0 rows for an empty body', async () => {
    expect(await readAll([])).toEqual({ batches: [], count: 0 });
  });
});
