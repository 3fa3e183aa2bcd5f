// CSV as RFC 4180 writes it: fields separated by commas, lines by CRLF, a field holding a comma,
// a quote or a line break quoted with its quotes doubled; UTF-8 with a byte order mark so
// spreadsheets read accents.

export const csvByteOrderMark = '\uFEFF';

// A spreadsheet runs a cell starting with one of these as a formula: text from the data that starts
// so is written with a leading apostrophe, which opens as the text it is.
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

// A cell of text that came from the data (names, e-mails, free text).
export function csvTextField(text: string): string {
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

// A cell Portico wrote itself ('-$1,234.56', a time): only quoted where RFC 4180 asks; a leading
// minus of an amount is a sign, not a formula.
export function csvWrittenField(text: string): string {
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.join(',')}\r\n`;
}

// Bytes of CSV gathered before the caller writes them to the file.
export const csvChunkBytes = 1 << 20;

// CSV rows written as UTF-8 straight into one reused buffer: the caller writes it to the file once
// it holds csvChunkBytes (isFull) and awaits that write before the next row, so the buffer is
// never written over while the file still reads it and the export never runs ahead of the disk.
// Printable ASCII without quotes (the usual cell) is copied as it is, quoted when it holds a comma;
// anything else goes through csvTextField or csvWrittenField.
export class CsvRowBuffer {
  private buffer = new Uint8Array(csvChunkBytes + 64 * 1024);
  private length = 0;
  private isRowStart = true;
  private readonly encoder = new TextEncoder();

  get isFull(): boolean {
    return this.length >= csvChunkBytes;
  }

  // The bytes gathered; they stay valid until the next row is written.
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  clear(): void {
    this.length = 0;
  }

  // A cell of text that came from the data (guarded against formulas), or Portico wrote itself.
  field(text: string, isDataText: boolean): void {
    const size = text.length;
    const first = text.charCodeAt(0);
    // = + - @ (tab and CR take the general path below).
    const isFormulaStart = isDataText && (first === 61 || first === 43 || first === 45 || first === 64);
    // Printable ASCII without quotes: copied as it is, between quotes when it holds a comma.
    let isPlain = !isFormulaStart;
    let hasComma = false;
    for (let index = 0; isPlain && index < size; index++) {
      const code = text.charCodeAt(index);
      if (code === 44 /* , */) hasComma = true;
      else if (code < 32 || code > 126 || code === 34 /* " */) isPlain = false;
    }
    if (isPlain) {
      this.reserve(size + 3);
      const { buffer } = this;
      let at = this.length;
      if (!this.isRowStart) buffer[at++] = 44; /* , */
      if (hasComma) buffer[at++] = 34; /* " */
      for (let index = 0; index < size; index++) buffer[at++] = text.charCodeAt(index);
      if (hasComma) buffer[at++] = 34; /* " */
      this.length = at;
    } else {
      const field = isDataText ? csvTextField(text) : csvWrittenField(text);
      this.reserve(field.length * 3 + 1);
      let at = this.length;
      if (!this.isRowStart) this.buffer[at++] = 44; /* , */
      this.length = at + this.encoder.encodeInto(field, this.buffer.subarray(at)).written;
    }
    this.isRowStart = false;
  }

  endRow(): void {
    this.reserve(2);
    this.buffer[this.length++] = 13;
    this.buffer[this.length++] = 10;
    this.isRowStart = true;
  }

  // Room for `bytes` more; a row longer than the spare room grows the buffer (it is never written
  // out in the middle of a row).
  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}
