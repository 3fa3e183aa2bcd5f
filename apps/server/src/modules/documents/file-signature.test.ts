import { documentExtensions } from '@portico/contracts/documents/documents';
import { describe, expect, it } from 'vitest';
import { samples, storedZip } from '../../../test/sample-files';
import { checkFileSignature, isExecutable, isPlainText, zipEntryNames } from './file-signature';

describe('checkFileSignature', () => {
  it.each([
    ['pdf', samples.pdf],
    ['png', samples.png],
    ['jpg', samples.jpeg],
    ['jpeg', samples.jpeg],
    ['gif', samples.gif],
    ['tif', samples.tiff],
    ['tiff', samples.tiff],
    ['doc', samples.doc],
    ['xls', samples.xls],
    ['docx', samples.docx],
    ['xlsx', samples.xlsx],
    ['txt', samples.txt],
    ['csv', samples.csv],
  ] as const)('accepts a real %s', (extension, bytes) => {
    expect(checkFileSignature(extension, bytes)).toEqual({ matches: true });
  });

  it('refuses a renamed Windows executable under every accepted extension, naming it an executable', () => {
    for (const extension of documentExtensions) {
      expect(checkFileSignature(extension, samples.exe), extension).toEqual({
        matches: false,
        isExecutable: true,
      });
    }
  });

  it('refuses an ELF binary claimed as a PDF', () => {
    expect(checkFileSignature('pdf', samples.elf)).toEqual({ matches: false, isExecutable: true });
  });

  it('refuses content of another accepted type', () => {
    expect(checkFileSignature('pdf', samples.png)).toEqual({ matches: false, isExecutable: false });
    expect(checkFileSignature('png', samples.pdf)).toEqual({ matches: false, isExecutable: false });
    expect(checkFileSignature('jpg', samples.gif)).toEqual({ matches: false, isExecutable: false });
    // Word and Excel are told apart inside both containers.
    expect(checkFileSignature('doc', samples.xls).matches).toBe(false);
    expect(checkFileSignature('xls', samples.doc).matches).toBe(false);
    expect(checkFileSignature('docx', samples.xlsx).matches).toBe(false);
    expect(checkFileSignature('xlsx', samples.docx).matches).toBe(false);
  });

  it('refuses a zip that is not an Office document, and a truncated one', () => {
    expect(checkFileSignature('docx', samples.plainZip).matches).toBe(false);
    expect(checkFileSignature('docx', samples.docx.subarray(0, samples.docx.length - 10)).matches).toBe(
      false,
    );
  });

  it('refuses a PDF whose magic is not at the start', () => {
    expect(checkFileSignature('pdf', Buffer.concat([Buffer.from(' '), samples.pdf])).matches).toBe(false);
  });

  it('refuses binary or invalid UTF-8 as text', () => {
    expect(checkFileSignature('txt', samples.png).matches).toBe(false);
    expect(checkFileSignature('txt', Buffer.from([0x61, 0x00, 0x62])).matches).toBe(false);
    expect(checkFileSignature('csv', Buffer.from([0x61, 0xc3, 0x28])).matches).toBe(false);
  });
});

describe('the pieces', () => {
  it('reads the entry names of a zip from its central directory', () => {
    const zip = storedZip([
      { name: 'a.txt', data: Buffer.from('a') },
      { name: 'dir/b.xml', data: Buffer.from('<b/>') },
    ]);
    expect(zipEntryNames(zip)).toEqual(['a.txt', 'dir/b.xml']);
    expect(zipEntryNames(samples.pdf)).toBeNull();
    expect(zipEntryNames(Buffer.from('PK\u0003\u0004'))).toBeNull();
  });

  it('knows executables by their first bytes', () => {
    expect(isExecutable(samples.exe)).toBe(true);
    expect(isExecutable(samples.elf)).toBe(true);
    expect(isExecutable(Buffer.from([0xcf, 0xfa, 0xed, 0xfe]))).toBe(true);
    expect(isExecutable(samples.pdf)).toBe(false);
  });

  it('takes text as strict UTF-8 without NUL', () => {
    expect(isPlainText(samples.txt)).toBe(true);
    expect(isPlainText(Buffer.from('MZ Holdings quarterly notes'))).toBe(true);
    expect(isPlainText(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBe(false);
  });
});
