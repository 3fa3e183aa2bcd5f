// The bytes of an xlsx sheet's XML, shared by the portal's export worker and the server's export job:
// cell text as inline strings (which a spreadsheet never runs as a formula), cleaned of what XML
// cannot hold and escaped, written straight into one reused buffer rather than built as strings.
// Millions of cells as strings spend most of their time in the garbage collector.

// Excel keeps at most this many characters in a cell.
export const excelCellMaxChars = 32_767;
// Excel opens no sheet with more rows than this (the header included).
export const excelMaxRows = 1_048_576;

// Bytes handed to the sink at a time.
const sheetBufferBytes = 256 * 1024;

// Anything that needs the slow path: control characters (C0, DEL, C1), the two non-characters XML
// forbids, and the characters XML text must escape.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const needsCleaning = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF&<>]/;
// Line breaks and tabs become one space so words on either side stay apart.
const lineBreakOrTab = /\r\n|[\t\n\r]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacters = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

// Control characters stripped, then the cell cut at Excel's limit (never between the two halves of
// a surrogate pair). The result is plain text, not yet escaped for XML.
export function excelText(value: string): string {
  let text = value;
  if (needsCleaning.test(text)) {
    text = text.replace(lineBreakOrTab, ' ').replace(controlCharacters, '');
  }
  if (text.length > excelCellMaxChars) {
    const lastKept = text.charCodeAt(excelCellMaxChars - 1);
    const isHighSurrogate = lastKept >= 0xd800 && lastKept <= 0xdbff;
    text = text.slice(0, isHighSurrogate ? excelCellMaxChars - 1 : excelCellMaxChars);
  }
  return text;
}

export function escapeXmlText(text: string): string {
  if (!/[&<>]/.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// 0 -> A, 25 -> Z, 26 -> AA.
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

export function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

const inlineTextStart = asciiBytes('" t="inlineStr"><is><t>');
const inlineTextEnd = asciiBytes('</t></is></c>');

// Takes each full buffer: it must copy (or consume) the bytes before returning, as the buffer is
// written over next.
export type SheetBytesSink = (bytes: Uint8Array, isFinal: boolean) => void;

export class XlsxSheetBytes {
  private buffer = new Uint8Array(sheetBufferBytes);
  private length = 0;
  private readonly encoder = new TextEncoder();

  constructor(private readonly sink: SheetBytesSink) {}

  // Markup and other ASCII text with nothing to escape.
  ascii(text: string): void {
    this.reserve(text.length);
    const { buffer } = this;
    let at = this.length;
    for (let index = 0; index < text.length; index++) buffer[at++] = text.charCodeAt(index);
    this.length = at;
  }

  // Escaped text of any script, UTF-8 encoded in place.
  text(text: string): void {
    this.reserve(text.length * 3);
    const { written } = this.encoder.encodeInto(text, this.buffer.subarray(this.length));
    this.length += written;
  }

  put(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  // '" t="inlineStr"><is><t>', the text, and the cell's end (the caller wrote '<c r="B7"' and any
  // style before it). Printable ASCII with nothing to escape and no space at an edge (the usual
  // case) is copied in the same pass that checks it; anything else is cleaned and escaped.
  inlineString(value: string): void {
    const size = value.length;
    const isSpaceAtEdge = value.charCodeAt(0) === 32 || value.charCodeAt(size - 1) === 32;
    if (size <= excelCellMaxChars && !isSpaceAtEdge) {
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
    const text = escapeXmlText(excelText(value));
    // XML readers drop leading and trailing spaces unless told not to.
    const isPreserved = text.charCodeAt(0) === 32 || text.charCodeAt(text.length - 1) === 32;
    this.ascii(isPreserved ? '" t="inlineStr"><is><t xml:space="preserve">' : '" t="inlineStr"><is><t>');
    this.text(text);
    this.put(inlineTextEnd);
  }

  // What the buffer holds goes to the sink; the last call says the sheet is whole.
  flush(isFinal: boolean): void {
    this.sink(this.buffer.subarray(0, this.length), isFinal);
    this.length = 0;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    this.flush(false);
    if (bytes > this.buffer.length) this.buffer = new Uint8Array(bytes);
  }
}
