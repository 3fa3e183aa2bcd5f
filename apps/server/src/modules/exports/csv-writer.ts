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

// Characters of CSV gathered at most before the caller writes them to the file (about as many bytes).
export const csvChunkChars = 1 << 20;

// CSV rows gathered as one text: the caller writes it to the file after each batch of rows, and
// whenever it holds csvChunkChars (isFull), awaiting each write before more rows are gathered, so the
// export never runs ahead of the disk. The runtime encodes the text as UTF-8 in one pass when it is
// written: cheaper than copying each field's characters into a byte buffer from JavaScript.
export class CsvRowBuffer {
  private text = '';
  private isRowStart = true;

  get isFull(): boolean {
    return this.text.length >= csvChunkChars;
  }

  // The rows gathered, as text.
  content(): string {
    return this.text;
  }

  clear(): void {
    this.text = '';
  }

  // A cell of text that came from the data (guarded against formulas), or Portico wrote itself.
  field(text: string, isDataText: boolean): void {
    const field = isDataText ? csvTextField(text) : csvWrittenField(text);
    this.text += this.isRowStart ? field : `,${field}`;
    this.isRowStart = false;
  }

  endRow(): void {
    this.text += '\r\n';
    this.isRowStart = true;
  }
}
