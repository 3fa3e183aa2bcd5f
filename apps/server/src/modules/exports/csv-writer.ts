import type { ExportColumnKind } from '@portico/contracts/transactions/report-export-columns';

// CSV as RFC 4180 writes it: fields separated by commas, lines by CRLF, a field holding a comma,
// a quote or a line break quoted with its quotes doubled; UTF-8 with a byte order mark so
// spreadsheets read accents.

export const csvByteOrderMark = '\uFEFF';

// A spreadsheet runs a cell starting with one of these as a formula: text from the data that starts
// so is written with a leading apostrophe, which opens as the text it is.
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;
// Either case in one test: most texts need neither.
const needsCare = /^[=+\-@\t\r]|[",\r\n]/;

// A cell of text that came from the data (names, e-mails, free text).
export function csvTextField(text: string): string {
  if (!needsCare.test(text)) return text;
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

// A cell Portico wrote itself ('-$1,234.56', a time): only quoted where RFC 4180 asks; a leading
// minus of an amount is a sign, not a formula.
export function csvWrittenField(text: string): string {
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// Money and counts as Portico writes them hold a comma only as the thousands separator, never a
// quote or a line break; a time 'yyyy-mm-dd hh:mm:ss' holds none of the three.
const thousandsField = (text: string) => (text.includes(',') ? `"${text}"` : text);
const timeField = (text: string) => text;

// How a column's cell texts become CSV fields, chosen once per column by who wrote them: an export
// writes one for every cell.
export function csvFieldOf(kind: ExportColumnKind): (text: string) => string {
  switch (kind) {
    case 'text':
    case 'enum':
      return csvTextField;
    case 'money':
    case 'number':
      return thousandsField;
    case 'datetime':
      return timeField;
    case 'date':
      return csvWrittenField;
  }
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.join(',')}\r\n`;
}

// Bytes of CSV gathered before the caller writes them to the file.
const csvChunkBytes = 1 << 20;

// UTF-8 takes at most three bytes for each UTF-16 character of a text.
const maxBytesPerChar = 3;
// A chunk and room for the row that fills it.
const bufferBytes = csvChunkBytes + (64 << 10);

// CSV rows gathered as UTF-8 bytes until the caller writes them to the file: after each batch of
// rows, and whenever they hold csvChunkBytes (isFull). One write is on its way while the next rows
// are gathered, and it ends before the one after starts, so the export never runs ahead of the disk.
// Each row is joined from its fields (one flat text, cheap to encode) and encoded into a reused
// buffer as it ends. Measured, the other ways cost more: appending every field to one text made a
// rope the runtime had to walk to encode, and joining a chunk's rows into one text made a string of
// a large-object size per write, which only a full collection frees (the heap grew by 162 MB over a
// 1,000,000-row export).
export class CsvRowBuffer {
  // The row's fields, kept at the row's length from row to row (emptying an array gives its storage
  // back, to be grown again for the next row).
  readonly #fields: string[] = [];
  #fieldCount = 0;
  #bytes = Buffer.allocUnsafe(bufferBytes);
  // The other buffer: the rows taken last, while they are written.
  #taken = Buffer.allocUnsafe(bufferBytes);
  #length = 0;

  get isFull(): boolean {
    return this.#length >= csvChunkBytes;
  }

  // The rows gathered, as UTF-8; the rows after them are gathered in the other buffer, so the bytes
  // taken stay as they are until the next take: the caller writes them meanwhile.
  take(): Uint8Array {
    const taken = this.#bytes.subarray(0, this.#length);
    [this.#bytes, this.#taken] = [this.#taken, this.#bytes];
    this.#length = 0;
    return taken;
  }

  // A cell's field, written by csvTextField, csvWrittenField or its column's csvFieldOf.
  field(field: string): void {
    this.#fields[this.#fieldCount++] = field;
  }

  endRow(): void {
    if (this.#fields.length !== this.#fieldCount) this.#fields.length = this.#fieldCount;
    const row = this.#fields.join(',');
    this.#fieldCount = 0;
    const needed = this.#length + row.length * maxBytesPerChar + 2;
    if (needed > this.#bytes.length) {
      // A row longer than the room left (rare: a huge free text): a larger buffer, the rows kept.
      const larger = Buffer.allocUnsafe(needed);
      this.#bytes.copy(larger, 0, 0, this.#length);
      this.#bytes = larger;
    }
    this.#length += this.#bytes.write(row, this.#length);
    this.#bytes[this.#length++] = 13; // CR
    this.#bytes[this.#length++] = 10; // LF
  }
}
