import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brandMarkPng } from './files';

function chunks(png: Buffer) {
  const found: { type: string; data: Buffer; crcOk: boolean }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    const crcOk = png.readUInt32BE(at + 8 + length) === crc32(png.subarray(at + 4, at + 8 + length));
    found.push({ type, data, crcOk });
    at += 12 + length;
  }
  return found;
}

describe('brandMarkPng', () => {
  it('is a valid 96×96 RGBA PNG with checked chunks', () => {
    const png = brandMarkPng('Summit Merchant Services', '#1f4e79');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(list.every((c) => c.crcOk)).toBe(true);
    const header = list[0]?.data as Buffer;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([96, 96, 8, 6]);
    expect(inflateSync(list[1]?.data as Buffer).length).toBe(96 * (1 + 96 * 4));
  });

  it('paints the brand colour with white initials and transparent corners', () => {
    const pixels = inflateSync(
      chunks(brandMarkPng('Summit Merchant Services', '#1f4e79'))[1]?.data as Buffer,
    );
    const at = (x: number, y: number) => [...pixels.subarray(y * 385 + 1 + x * 4, y * 385 + 5 + x * 4)];
    expect(at(0, 0)).toEqual([0, 0, 0, 0]);
    expect(at(48, 5)).toEqual([0x1f, 0x4e, 0x79, 255]);
    const colours = new Set<string>();
    for (let x = 0; x < 96; x += 1) colours.add(at(x, 48).join());
    expect(colours).toContain('255,255,255,255');
  });
});
