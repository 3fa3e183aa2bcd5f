import { createHash } from 'node:crypto';

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
