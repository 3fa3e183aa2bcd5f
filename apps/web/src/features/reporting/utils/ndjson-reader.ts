import { reportStreamBatchSize } from '@portico/contracts/transactions/report';

// Load All: one JSON row array per line, handed on in batches of 100 to 1,000 so the
// grid re-renders a few dozen times per 100,000 rows instead of once per row.

export class NdjsonLineError extends Error {
  override readonly name = 'NdjsonLineError';

  constructor(
    readonly lineNumber: number,
    message: string,
  ) {
    super(message);
  }
}

export type NdjsonBatchSize = { min: number; max: number };

export type ReadNdjsonOptions<Row> = {
  // Builds a row from one parsed line; undefined refuses the line (and the stream).
  parseRow: (value: unknown) => Row | undefined;
  onRows: (rows: Row[]) => void;
  batchSize?: NdjsonBatchSize;
};

// Reads the stream to its end and answers the number of rows. A batch is handed on when it reaches
// max rows, or at the end of a network chunk once it holds min rows; the last one may be smaller.
// Aborting the fetch rejects the read with its AbortError; a bad line cancels the stream.
export async function readNdjsonRows<Row>(
  body: ReadableStream<Uint8Array>,
  { parseRow, onRows, batchSize = reportStreamBatchSize }: ReadNdjsonOptions<Row>,
): Promise<number> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let carry = '';
  let pending: Row[] = [];
  let lineNumber = 0;
  let count = 0;

  const flush = () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    onRows(batch);
  };

  const takeLine = (raw: string) => {
    lineNumber += 1;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new NdjsonLineError(lineNumber, `Line ${lineNumber} of the report is not JSON`);
    }
    const row = parseRow(value);
    if (row === undefined) {
      throw new NdjsonLineError(lineNumber, `Line ${lineNumber} of the report is not a report row`);
    }
    pending.push(row);
    count += 1;
    if (pending.length >= batchSize.max) flush();
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      carry += decoder.decode(value, { stream: true });
      let start = 0;
      for (let newline = carry.indexOf('\n'); newline !== -1; newline = carry.indexOf('\n', start)) {
        takeLine(carry.slice(start, newline));
        start = newline + 1;
      }
      carry = carry.slice(start);
      if (pending.length >= batchSize.min) flush();
    }
    carry += decoder.decode();
    // The last line may come without its newline.
    if (carry !== '') takeLine(carry);
    flush();
    return count;
  } catch (error) {
    // Tell the server to stop sending; an aborted fetch has already done so.
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    reader.releaseLock();
  }
}
