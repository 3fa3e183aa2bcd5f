import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { ExportCell, ExportColumn } from './export-types';

// Excel keeps at most this many characters in a cell.
export const EXCEL_CELL_MAX_CHARS = 32_767;
// Excel opens no sheet with more rows than this (the header included).
export const EXCEL_MAX_ROWS = 1_048_576;

// On 100,000 x 20 sheet XML, levels 1 to 4 take about the same time (3 is ~8% smaller than 1);
// level 6 takes ~40% longer for a file ~12% smaller.
const DEFLATE_LEVEL = 3;
// Progress is reported once per this many rows.
const ROWS_PER_CHUNK = 2_000;
// Column widths are guessed from the header and the first rows only, so width costs nothing on big files.
const WIDTH_SAMPLE_ROWS = 200;
const MIN_COLUMN_WIDTH = 8;
const MAX_COLUMN_WIDTH = 60;

const STYLE_HEADER = 1;
const STYLE_MONEY = 2;
// Bytes handed to the deflate stream at a time; fflate deflates in 64 kB windows.
const SHEET_BUFFER_BYTES = 256 * 1024;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Anything that needs the slow path: control characters (C0, DEL, C1), the two non-characters XML
// forbids, and the characters XML text must escape.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const NEEDS_CLEANING = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF&<>]/;
// Line breaks and tabs become one space so words on either side stay apart.
const LINE_BREAK_OR_TAB = /\r\n|[\t\n\r]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

// Control characters stripped, then the cell cut at 32,767 characters (never between
// the two halves of a surrogate pair). The result is plain text, not yet escaped for XML.
export function toExcelText(value: string): string {
  let text = value;
  if (NEEDS_CLEANING.test(text)) {
    text = text.replace(LINE_BREAK_OR_TAB, ' ').replace(CONTROL_CHARACTERS, '');
  }
  if (text.length > EXCEL_CELL_MAX_CHARS) {
    const lastKept = text.charCodeAt(EXCEL_CELL_MAX_CHARS - 1);
    const isHighSurrogate = lastKept >= 0xd800 && lastKept <= 0xdbff;
    text = text.slice(0, isHighSurrogate ? EXCEL_CELL_MAX_CHARS - 1 : EXCEL_CELL_MAX_CHARS);
  }
  return text;
}

function escapeXmlText(text: string): string {
  if (!/[&<>]/.test(text)) return text;
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

function cellDisplayLength(cell: ExportCell | undefined, kind: ExportColumn['kind']): number {
  if (cell === null || cell === undefined) return 0;
  if (typeof cell === 'boolean') return 3;
  if (typeof cell === 'number') return String(cell).length + (kind === 'money' ? 4 : 0);
  return Math.min(cell.length, MAX_COLUMN_WIDTH);
}

function columnsXml(columns: ExportColumn[], widthSample: ExportCell[][]): string {
  if (columns.length === 0) return '';
  let xml = '<cols>';
  columns.forEach((column, index) => {
    let longest = column.header.length;
    for (const row of widthSample) longest = Math.max(longest, cellDisplayLength(row[index], column.kind));
    const width = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, longest + 2));
    xml += `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`;
  });
  return `${xml}</cols>`;
}

// No <dimension>: it is optional, and rows may still be arriving when the sheet starts.
function sheetStartXml(columns: ExportColumn[], widthSample: ExportCell[][]): string {
  let xml = `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`;
  // The header row stays in view while scrolling.
  xml +=
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  xml += '<sheetFormatPr defaultRowHeight="15"/>';
  xml += columnsXml(columns, widthSample);
  return `${xml}<sheetData>`;
}

function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

const NUMBER_VALUE_START = asciiBytes('"><v>');
const MONEY_VALUE_START = asciiBytes(`" s="${STYLE_MONEY}"><v>`);
const NUMBER_VALUE_END = asciiBytes('</v></c>');
const INLINE_TEXT_START = asciiBytes('" t="inlineStr"><is><t>');
const INLINE_TEXT_END = asciiBytes('</t></is></c>');
const ROW_END = asciiBytes('</row>');

// Per column: '<c r="B' (the row number follows) and what opens a number value in its style.
type ColumnBytes = { cellStart: Uint8Array; numberStart: Uint8Array };

// The sheet's bytes are written straight into one reused buffer rather than built as strings: two
// million cells as strings spend most of their time in the garbage collector. Each full buffer goes
// to the deflate stream, which copies it.
class SheetWriter {
  private buffer = new Uint8Array(SHEET_BUFFER_BYTES);
  private length = 0;
  private readonly encoder = new TextEncoder();
  private readonly columnBytes: ColumnBytes[];

  constructor(
    private readonly sink: ZipDeflate,
    columns: ExportColumn[],
  ) {
    this.columnBytes = columns.map((column, index) => ({
      cellStart: asciiBytes(`<c r="${excelColumnName(index)}`),
      numberStart: column.kind === 'money' ? MONEY_VALUE_START : NUMBER_VALUE_START,
    }));
  }

  // Markup and other ASCII text with nothing to escape.
  ascii(text: string): void {
    this.reserve(text.length);
    const { buffer } = this;
    let at = this.length;
    for (let index = 0; index < text.length; index++) buffer[at++] = text.charCodeAt(index);
    this.length = at;
  }

  // Escaped cell text of any script, UTF-8 encoded in place.
  text(text: string): void {
    this.reserve(text.length * 3);
    const { written } = this.encoder.encodeInto(text, this.buffer.subarray(this.length));
    this.length += written;
  }

  headerRow(columns: ExportColumn[]): void {
    this.ascii('<row r="1">');
    columns.forEach((column, index) => {
      this.ascii(`<c r="${excelColumnName(index)}1" s="${STYLE_HEADER}`);
      this.inlineString(column.header);
    });
    this.ascii('</row>');
  }

  // Hot loop: one row of cells, written byte by byte from precomputed pieces.
  row(row: ExportCell[], rowNumber: number): void {
    const digits = asciiBytes(String(rowNumber));
    this.ascii(`<row r="${rowNumber}">`);
    for (let columnIndex = 0; columnIndex < this.columnBytes.length; columnIndex++) {
      const cell = row[columnIndex];
      const column = this.columnBytes[columnIndex];
      // An empty string is an empty cell, like null.
      if (cell === null || cell === undefined || cell === '' || column === undefined) continue;
      if (typeof cell === 'number') {
        // NaN and Infinity have no spreadsheet form: the cell stays empty.
        if (!Number.isFinite(cell)) continue;
        this.put(column.cellStart);
        this.put(digits);
        this.put(column.numberStart);
        this.ascii(String(cell));
        this.put(NUMBER_VALUE_END);
      } else {
        this.put(column.cellStart);
        this.put(digits);
        this.inlineString(typeof cell === 'boolean' ? (cell ? 'Yes' : 'No') : cell);
      }
    }
    this.put(ROW_END);
  }

  // '" t="inlineStr"><is><t>', the text, and the cell's end. Printable ASCII with nothing to escape
  // (the usual case) is copied in the same pass that checks it; anything else is cleaned (control
  // characters stripped, the cell cut at Excel's limit).
  inlineString(value: string): void {
    const size = value.length;
    const isSpaceAtEdge = value.charCodeAt(0) === 32 || value.charCodeAt(size - 1) === 32;
    if (size <= EXCEL_CELL_MAX_CHARS && !isSpaceAtEdge) {
      this.reserve(size + INLINE_TEXT_START.length + INLINE_TEXT_END.length);
      const { buffer } = this;
      const start = this.length;
      this.put(INLINE_TEXT_START);
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
        this.put(INLINE_TEXT_END);
        return;
      }
      this.length = start;
    }
    const text = escapeXmlText(toExcelText(value));
    // XML readers drop leading and trailing spaces unless told not to.
    const isPreserved = text.charCodeAt(0) === 32 || text.charCodeAt(text.length - 1) === 32;
    this.ascii(isPreserved ? '" t="inlineStr"><is><t xml:space="preserve">' : '" t="inlineStr"><is><t>');
    this.text(text);
    this.put(INLINE_TEXT_END);
  }

  flush(isFinal: boolean): void {
    this.sink.push(this.buffer.subarray(0, this.length), isFinal);
    this.length = 0;
  }

  private put(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    const { buffer } = this;
    let at = this.length;
    for (let index = 0; index < bytes.length; index++) buffer[at++] = bytes[index] ?? 0;
    this.length = at;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    this.flush(false);
    if (bytes > this.buffer.length) this.buffer = new Uint8Array(bytes);
  }
}

const CONTENT_TYPES_XML = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS_XML = `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_XML = `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const WORKBOOK_RELS_XML = `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

// Three cell formats: 0 plain, 1 bold header, 2 money (built-in format 4, '#,##0.00').
const STYLES_XML = `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const FIXED_PARTS: ReadonlyArray<readonly [string, string]> = [
  ['[Content_Types].xml', CONTENT_TYPES_XML],
  ['_rels/.rels', ROOT_RELS_XML],
  ['xl/workbook.xml', WORKBOOK_XML],
  ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS_XML],
  ['xl/styles.xml', STYLES_XML],
];

function concatChunks(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

// A one-sheet Office Open XML workbook written row batch by row batch: the header row in bold,
// then the rows in the order given. Each batch is turned into XML bytes and deflated at once (a
// streaming zip), so memory stays near the size of the compressed file and the export worker can
// write rows while the page is still sending the rest.
export class XlsxBuilder {
  private readonly output: Uint8Array[] = [];
  private readonly failure: { error?: Error } = {};
  private readonly zip: Zip;
  private readonly writer: SheetWriter;
  private nextRowNumber = 2;
  private hasStarted = false;
  private isFinished = false;

  constructor(private readonly columns: ExportColumn[]) {
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure.error = error;
      else this.output.push(chunk);
    });
    for (const [name, xml] of FIXED_PARTS) {
      const part = new ZipDeflate(name, { level: DEFLATE_LEVEL });
      this.zip.add(part);
      part.push(strToU8(xml), true);
    }
    const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: DEFLATE_LEVEL });
    this.zip.add(sheet);
    this.writer = new SheetWriter(sheet, columns);
  }

  get rowsWritten(): number {
    return this.nextRowNumber - 2;
  }

  // rows[start] up to (not including) rows[end].
  addRows(rows: ExportCell[][], start = 0, end = rows.length): void {
    if (this.isFinished) throw new Error('The workbook is already finished.');
    if (this.nextRowNumber - 1 + (end - start) > EXCEL_MAX_ROWS) {
      throw new Error(`Excel holds at most ${EXCEL_MAX_ROWS - 1} rows under the header.`);
    }
    // The column widths are guessed from the header and the first rows.
    if (!this.hasStarted) this.start(rows.slice(start, Math.min(end, start + WIDTH_SAMPLE_ROWS)));
    for (let index = start; index < end; index++) this.writer.row(rows[index] ?? [], this.nextRowNumber++);
    this.throwIfFailed();
  }

  finish(): Uint8Array<ArrayBuffer> {
    if (this.isFinished) throw new Error('The workbook is already finished.');
    this.isFinished = true;
    if (!this.hasStarted) this.start([]);
    this.writer.ascii('</sheetData></worksheet>');
    this.writer.flush(true);
    this.zip.end();
    this.throwIfFailed();
    return concatChunks(this.output);
  }

  private start(widthSample: ExportCell[][]): void {
    this.hasStarted = true;
    this.writer.text(sheetStartXml(this.columns, widthSample));
    this.writer.headerRow(this.columns);
  }

  private throwIfFailed(): void {
    if (this.failure.error) throw this.failure.error;
  }
}

export function buildXlsx(
  columns: ExportColumn[],
  rows: ExportCell[][],
  onProgress?: (fraction: number) => void,
): Uint8Array<ArrayBuffer> {
  const builder = new XlsxBuilder(columns);
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    const end = Math.min(rows.length, start + ROWS_PER_CHUNK);
    builder.addRows(rows, start, end);
    if (end < rows.length) onProgress?.(end / rows.length);
  }
  const bytes = builder.finish();
  onProgress?.(1);
  return bytes;
}
