import { crc32 } from 'node:zlib';
import { minimalPdf, tinyPng } from '../src/db/seed/files';

// Small real files of each accepted type, and hostile ones, for the document tests.

function u16(value: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
}

function u32(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
}

// A stored (uncompressed) zip archive, laid out as the specification says, readable by any unzip.
export function storedZip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const common = Buffer.concat([
      u16(20), // version needed
      u16(0x0800), // flags: UTF-8 names
      u16(0), // stored
      u16(0), // time
      u16(0x21), // date 1980-01-01
      u32(crc),
      u32(entry.data.length),
      u32(entry.data.length),
      u16(name.length),
      u16(0),
    ]);
    const local = Buffer.concat([u32(0x04034b50), common, name, entry.data]);
    centrals.push(
      Buffer.concat([u32(0x02014b50), u16(20), common, u16(0), u16(0), u16(0), u32(0), u32(offset), name]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, central, end]);
}

const contentTypes = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Types/>');

export const samples = {
  pdf: minimalPdf(['Voided check', 'Account ending 6789']),
  png: tinyPng,
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]),
  tiff: Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]),
  docx: storedZip([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
  ]),
  xlsx: storedZip([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
  ]),
  // A zip that is not an Office document (e.g. a renamed archive).
  plainZip: storedZip([{ name: 'payload.exe', data: Buffer.from('MZ') }]),
  doc: compoundFile('WordDocument'),
  xls: compoundFile('Workbook'),
  txt: Buffer.from('Deposit schedule: Mondays.\nQuestions: café owner ☕\n'),
  csv: Buffer.from('date,amount\n2026-01-02,10.00\n'),
  // A Windows executable (DOS stub header) and a Linux one.
  exe: Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from('This program cannot be run in DOS mode.'),
  ]),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]),
} as const;

// The first sector of an OLE2 compound file, then a directory entry naming the main stream.
function compoundFile(streamName: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const directory = Buffer.alloc(128);
  Buffer.from(streamName, 'utf16le').copy(directory);
  return Buffer.concat([header, directory]);
}

export function dataUrlOf(bytes: Buffer, mediaType = 'application/octet-stream'): string {
  return `data:${mediaType};base64,${bytes.toString('base64')}`;
}
