import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

// Small but valid files for the seeded documents, so downloads open in a viewer.

export function sha256Hex(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

function pdfText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

// A one-page PDF with the given lines (Helvetica), built with a correct cross-reference table.
export function minimalPdf(lines: string[]): Buffer {
  const content = [
    'BT /F1 16 Tf 72 720 Td',
    ...lines.map((line, i) => `${i === 0 ? '' : '0 -22 Td '}(${pdfText(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body);
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    `trailer << /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(xrefOffset),
    '%%EOF',
  ].join('\n');
  return Buffer.from(`${body}${xref}\n`, 'latin1');
}

// 1x1 orange PNG.
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// 5×7 capitals for the seeded brand marks.
const glyphs: Record<string, readonly string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  G: ['01111', '10000', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// A 96×96 brand mark: a rounded square in the brand colour with up to two white initials, so the
// seeded parents show a recognisable logo in the sidebar rather than a stretched pixel.
export function brandMarkPng(name: string, color: string): Buffer {
  const size = 96;
  const scale = 6;
  const radius = 18;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  const initials = name
    .split(/\s+/)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .filter((letter) => glyphs[letter])
    .slice(0, 2);
  const textWidth = initials.length * 5 * scale + Math.max(0, initials.length - 1) * scale;
  const left = Math.floor((size - textWidth) / 2);
  const top = Math.floor((size - 7 * scale) / 2);
  const isInk = (x: number, y: number) => {
    const row = Math.floor((y - top) / scale);
    const column = x - left;
    if (row < 0 || row > 6 || column < 0) return false;
    const letter = initials[Math.floor(column / (6 * scale))];
    const cell = Math.floor((column % (6 * scale)) / scale);
    return letter !== undefined && cell < 5 && glyphs[letter]?.[row]?.[cell] === '1';
  };
  const inSquare = (x: number, y: number) => {
    const dx = Math.max(radius - x, 0, x - (size - 1 - radius));
    const dy = Math.max(radius - y, 0, y - (size - 1 - radius));
    return dx * dx + dy * dy <= radius * radius;
  };
  const raw = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y += 1) {
    const rowStart = y * (1 + size * 4);
    for (let x = 0; x < size; x += 1) {
      const at = rowStart + 1 + x * 4;
      if (!inSquare(x, y)) continue;
      const pixel = isInk(x, y) ? [255, 255, 255, 255] : [r ?? 0, g ?? 0, b ?? 0, 255];
      raw.set(pixel, at);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
