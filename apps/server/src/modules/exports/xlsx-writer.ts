import { strToU8, Zip, ZipDeflate } from 'fflate';

// A one-sheet xlsx workbook written as rows come: each row's XML bytes go straight into a reused
// buffer, every full buffer to a streaming deflate, and the zip's compressed chunks to the caller
// (takeChunks) to write to the file. Memory holds one buffer and the chunks not yet taken, whatever
// the number of rows. The same layout as the portal's worker writer: bold frozen header, inline
// strings, money as numbers in a currency format that shows its sign.

// Excel opens no sheet with more rows than this (the header included).
export const excelMaxRows = 1_048_576;
const excelCellMaxChars = 32_767;
const deflateLevel = 3;
const sheetBufferBytes = 256 * 1024;

const styleHeader = 1;
const styleMoney = 2;

const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
const lineBreakOrTab = /\r\n|[\t\n\r]/g;

// Control characters stripped (line breaks and tabs become a space), cut at Excel's limit.
export function excelText(value: string): string {
  let text = value.replace(lineBreakOrTab, ' ').replace(controlCharacters, '');
  if (text.length > excelCellMaxChars) {
    const lastKept = text.charCodeAt(excelCellMaxChars - 1);
    const isHighSurrogate = lastKept >= 0xd800 && lastKept <= 0xdbff;
    text = text.slice(0, isHighSurrogate ? excelCellMaxChars - 1 : excelCellMaxChars);
  }
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function excelColumnName(index: number): string {
  let name = '';
  let rest = index + 1;
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    name = String.fromCharCode(65 + digit) + name;
    rest = Math.floor((rest - 1) / 26);
  }
  return name;
}

export type XlsxColumn = { header: string; isMoney: boolean; width: number };
// Money cells are integer cents; anything else is written as text. Empty: undefined or ''.
export type XlsxCell = string | number | undefined;

const contentTypesXml = `${xmlDeclaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const rootRelsXml = `${xmlDeclaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const workbookXml = `${xmlDeclaration}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const workbookRelsXml = `${xmlDeclaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
// Styles: 0 plain, 1 bold header, 2 money as the grid shows it ('-$1,234.56').
const stylesXml = `${xmlDeclaration}<styleSheet xmlns="${mainNs}"><numFmts count="1"><numFmt numFmtId="164" formatCode="&quot;$&quot;#,##0.00;\\-&quot;$&quot;#,##0.00"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const fixedParts: ReadonlyArray<readonly [string, string]> = [
  ['[Content_Types].xml', contentTypesXml],
  ['_rels/.rels', rootRelsXml],
  ['xl/workbook.xml', workbookXml],
  ['xl/_rels/workbook.xml.rels', workbookRelsXml],
  ['xl/styles.xml', stylesXml],
];

function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

const inlineTextStart = asciiBytes('" t="inlineStr"><is><t>');
const inlineTextEnd = asciiBytes('</t></is></c>');
const moneyStart = asciiBytes(`" s="${styleMoney}"><v>`);
const valueEnd = asciiBytes('</v></c>');
const rowEnd = asciiBytes('</row>');

// Cents as the decimal Excel reads ('-1234.5' style is fine; two places kept exact as text).
function centsAsDecimal(cents: number): string {
  const negative = cents < 0;
  const absolute = negative ? -cents : cents;
  const fraction = absolute % 100;
  return `${negative ? '-' : ''}${Math.floor(absolute / 100)}.${fraction < 10 ? '0' : ''}${fraction}`;
}

export class XlsxStreamWriter {
  private buffer = new Uint8Array(sheetBufferBytes);
  private length = 0;
  private readonly encoder = new TextEncoder();
  private readonly chunks: Uint8Array[] = [];
  private failure: Error | undefined;
  private readonly zip: Zip;
  private readonly sheet: ZipDeflate;
  private readonly cellStarts: Uint8Array[];
  private readonly isMoney: boolean[];
  private nextRow = 2;

  constructor(columns: readonly XlsxColumn[]) {
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else this.chunks.push(chunk);
    });
    for (const [name, xml] of fixedParts) {
      const part = new ZipDeflate(name, { level: deflateLevel });
      this.zip.add(part);
      part.push(strToU8(xml), true);
    }
    this.sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: deflateLevel });
    this.zip.add(this.sheet);
    this.cellStarts = columns.map((_, index) => asciiBytes(`<c r="${excelColumnName(index)}`));
    this.isMoney = columns.map((column) => column.isMoney);
    let start = `${xmlDeclaration}<worksheet xmlns="${mainNs}" xmlns:r="${relNs}">`;
    start +=
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
    start += '<sheetFormatPr defaultRowHeight="15"/>';
    if (columns.length > 0) {
      start += '<cols>';
      columns.forEach((column, index) => {
        start += `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`;
      });
      start += '</cols>';
    }
    start += '<sheetData><row r="1">';
    columns.forEach((column, index) => {
      start += `<c r="${excelColumnName(index)}1" s="${styleHeader}" t="inlineStr"><is><t>${excelText(column.header)}</t></is></c>`;
    });
    this.text(`${start}</row>`);
  }

  get rowsWritten(): number {
    return this.nextRow - 2;
  }

  row(cells: readonly XlsxCell[]): void {
    if (this.nextRow > excelMaxRows) throw new Error('The sheet is full');
    const rowNumber = asciiBytes(String(this.nextRow));
    this.ascii(`<row r="${this.nextRow}">`);
    for (let index = 0; index < this.cellStarts.length; index++) {
      const cell = cells[index];
      if (cell === undefined || cell === '') continue;
      this.put(this.cellStarts[index] ?? rowNumber);
      this.put(rowNumber);
      if (typeof cell === 'number' && this.isMoney[index] === true) {
        this.put(moneyStart);
        this.ascii(centsAsDecimal(cell));
        this.put(valueEnd);
      } else {
        this.inlineString(String(cell));
      }
    }
    this.put(rowEnd);
    this.nextRow++;
  }

  // The compressed bytes made so far, for the caller to write.
  takeChunks(): Uint8Array[] {
    if (this.failure) throw this.failure;
    return this.chunks.splice(0);
  }

  finish(): Uint8Array[] {
    this.ascii('</sheetData></worksheet>');
    this.flush(true);
    this.zip.end();
    return this.takeChunks();
  }

  private inlineString(value: string): void {
    const size = value.length;
    // Printable ASCII with nothing to escape and no space at an edge: copied as it is checked.
    if (size <= excelCellMaxChars && value.charCodeAt(0) !== 32 && value.charCodeAt(size - 1) !== 32) {
      this.reserve(size + inlineTextStart.length + inlineTextEnd.length);
      const start = this.length;
      this.put(inlineTextStart);
      const { buffer } = this;
      let at = this.length;
      let isPlain = true;
      for (let index = 0; index < size; index++) {
        const code = value.charCodeAt(index);
        if (code < 32 || code > 126 || code === 38 || code === 60 || code === 62) {
          isPlain = false;
          break;
        }
        buffer[at++] = code;
      }
      if (isPlain) {
        this.length = at;
        this.put(inlineTextEnd);
        return;
      }
      this.length = start;
    }
    const text = excelText(value);
    const isPreserved = text.charCodeAt(0) === 32 || text.charCodeAt(text.length - 1) === 32;
    this.ascii(isPreserved ? '" t="inlineStr"><is><t xml:space="preserve">' : '" t="inlineStr"><is><t>');
    this.text(text);
    this.put(inlineTextEnd);
  }

  private ascii(text: string): void {
    this.reserve(text.length);
    const { buffer } = this;
    let at = this.length;
    for (let index = 0; index < text.length; index++) buffer[at++] = text.charCodeAt(index);
    this.length = at;
  }

  private text(text: string): void {
    this.reserve(text.length * 3);
    const { written } = this.encoder.encodeInto(text, this.buffer.subarray(this.length));
    this.length += written;
  }

  private put(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    this.flush(false);
    if (bytes > this.buffer.length) this.buffer = new Uint8Array(bytes);
  }

  private flush(isFinal: boolean): void {
    // The deflate stream copies what it is given (it keeps its own window): the buffer is reused.
    this.sheet.push(this.buffer.subarray(0, this.length), isFinal);
    this.length = 0;
  }
}
