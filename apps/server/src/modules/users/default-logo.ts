import { deflateSync } from 'node:zlib';

// The Portico mark served by GET /api/logo when the user's parent has no logo of its own: a white
// 'P' on the brand orange (#f6951e), drawn here so no binary asset has to ship with the server.

const glyph = ['1111 ', '1   1', '1   1', '1111 ', '1    ', '1    ', '1    '];
const scale = 6;
const size = 64;
const orange = [0xf6, 0x95, 0x1e] as const;
const white = [0xff, 0xff, 0xff] as const;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function isInk(x: number, y: number): boolean {
  const glyphWidth = 5 * scale;
  const glyphHeight = glyph.length * scale;
  const left = Math.floor((size - glyphWidth) / 2);
  const top = Math.floor((size - glyphHeight) / 2);
  const column = Math.floor((x - left) / scale);
  const row = Math.floor((y - top) / scale);
  return glyph[row]?.[column] === '1' && x >= left && y >= top;
}

function renderDefaultLogo(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) rows.push(...(isInk(x, y) ? white : orange));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const defaultLogoPng: Buffer = renderDefaultLogo();
