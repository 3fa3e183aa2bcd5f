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

// Characters of CSV gathered at most before the caller writes them to the file (about as many bytes).
export const csvChunkChars = 1 << 20;

// CSV rows gathered until the caller writes them to the file: after each batch of rows, and whenever
// they hold csvChunkChars (isFull), awaiting each write before more rows are gathered, so the export
// never runs ahead of the disk. Each row is joined from its fields and the chunk from its rows: flat
// texts made in one copy each, which the runtime encodes as UTF-8 in one pass when they are written.
// Appending field after field to one text instead made a rope of every field of the chunk, which
// the runtime then had to walk to flatten: measured, that cost more than the fields' quoting.
export class CsvRowBuffer {
  // The row's fields, kept at the row's length from row to row (emptying an array gives its storage
  // back, to be grown again for the next row).
  readonly #fields: string[] = [];
  #fieldCount = 0;
  readonly #rows: string[] = [];
  #chars = 0;

  get isFull(): boolean {
    return this.#chars >= csvChunkChars;
  }

  // The rows gathered, as text.
  content(): string {
    return this.#rows.length === 0 ? '' : `${this.#rows.join('\r\n')}\r\n`;
  }

  clear(): void {
    this.#rows.length = 0;
    this.#chars = 0;
  }

  // A cell's field, written by csvTextField, csvWrittenField or its column's csvFieldOf.
  field(field: string): void {
    this.#fields[this.#fieldCount++] = field;
  }

  endRow(): void {
    if (this.#fields.length !== this.#fieldCount) this.#fields.length = this.#fieldCount;
    const row = this.#fields.join(',');
    this.#fieldCount = 0;
    this.#rows.push(row);
    this.#chars += row.length + 2;
  }
}
