import type { DocumentExtension } from '@portico/contracts/documents/documents';

// Uploads are checked by content: the bytes must be what the extension claims.
// A small check of our own: magic numbers, the entry names of an Office zip, the stream names of an
// Office compound file, and strict UTF-8 for text.

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

const pdf = ascii('%PDF-');
const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff];
const gif87 = ascii('GIF87a');
const gif89 = ascii('GIF89a');
const tiffLittle = [0x49, 0x49, 0x2a, 0x00];
const tiffBig = [0x4d, 0x4d, 0x00, 0x2a];
// OLE2 compound file (.doc, .xls).
const compoundFile = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const zipLocalHeader = [0x50, 0x4b, 0x03, 0x04];

// Windows PE ('MZ'), ELF, Mach-O (both byte orders, 32 and 64 bit) and universal binaries.
const executableSignatures: readonly (readonly number[])[] = [
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
];

export function isExecutable(bytes: Uint8Array): boolean {
  return executableSignatures.some((signature) => startsWith(bytes, signature));
}

function utf16le(text: string): Uint8Array {
  return Uint8Array.from([...text].flatMap((c) => [c.charCodeAt(0), 0]));
}

function contains(bytes: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle) !== -1;
}

// A compound file names its streams in UTF-16LE directory entries: Word keeps 'WordDocument',
// Excel 'Workbook' (or 'Book' before Excel 97).
function isCompoundFileWithStream(bytes: Uint8Array, streamNames: readonly string[]): boolean {
  return startsWith(bytes, compoundFile) && streamNames.some((name) => contains(bytes, utf16le(name)));
}

const endOfCentralDirectory = 0x06054b50;
const centralDirectoryHeader = 0x02014b50;
const maxZipEntries = 10_000;

// Names in a zip's central directory, or null when the archive does not parse (zip64 included:
// an Office file under the upload limit never needs it).
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  if (!startsWith(bytes, zipLocalHeader) || bytes.length < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record sits in the last 22 bytes plus a comment of at most 65,535 bytes.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let end = bytes.length - 22; end >= lowest; end--) {
    if (view.getUint32(end, true) !== endOfCentralDirectory) continue;
    const count = view.getUint16(end + 10, true);
    const size = view.getUint32(end + 12, true);
    const start = view.getUint32(end + 16, true);
    if (count > maxZipEntries || start + size > end) continue;
    const names = readCentralDirectory(bytes, view, start, start + size, count);
    if (names) return names;
  }
  return null;
}

function readCentralDirectory(
  bytes: Uint8Array,
  view: DataView,
  start: number,
  end: number,
  count: number,
): string[] | null {
  const decoder = new TextDecoder('utf-8');
  const names: string[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== centralDirectoryHeader) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd > end) return null;
    names.push(decoder.decode(bytes.subarray(at + 46, nameEnd)));
    at = nameEnd + extraLength + commentLength;
  }
  return names;
}

// An Office Open XML package: a zip with [Content_Types].xml and the part of its application.
function isOfficeOpenXml(bytes: Uint8Array, mainPart: string): boolean {
  const names = zipEntryNames(bytes) ?? [];
  return names.includes('[Content_Types].xml') && names.includes(mainPart);
}

// Plain text: strict UTF-8 and no NUL byte (binary formats are full of them).
export function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const checks: Record<DocumentExtension, (bytes: Uint8Array) => boolean> = {
  pdf: (b) => startsWith(b, pdf),
  png: (b) => startsWith(b, png),
  jpg: (b) => startsWith(b, jpeg),
  jpeg: (b) => startsWith(b, jpeg),
  gif: (b) => startsWith(b, gif87) || startsWith(b, gif89),
  tif: (b) => startsWith(b, tiffLittle) || startsWith(b, tiffBig),
  tiff: (b) => startsWith(b, tiffLittle) || startsWith(b, tiffBig),
  doc: (b) => isCompoundFileWithStream(b, ['WordDocument']),
  xls: (b) => isCompoundFileWithStream(b, ['Workbook', 'Book']),
  docx: (b) => isOfficeOpenXml(b, 'word/document.xml'),
  xlsx: (b) => isOfficeOpenXml(b, 'xl/workbook.xml'),
  txt: isPlainText,
  csv: isPlainText,
};

export type SignatureCheck = { matches: true } | { matches: false; isExecutable: boolean };

// No signature above can also be an executable's (binaries carry NUL bytes, so they are not text).
export function checkFileSignature(extension: DocumentExtension, bytes: Uint8Array): SignatureCheck {
  return checks[extension](bytes) ? { matches: true } : { matches: false, isExecutable: isExecutable(bytes) };
}
