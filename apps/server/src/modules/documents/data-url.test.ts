import { describe, expect, it } from 'vitest';
import { cleanFileName, decodeDataUrl, decodedBase64Length } from './data-url';

describe('decodeDataUrl', () => {
  it('decodes a base64 data URL whatever its declared type', () => {
    const result = decodeDataUrl('data:application/pdf;base64,JVBERi0xLjQ=', 100);
    expect(result).toEqual({ isDecoded: true, bytes: Buffer.from('%PDF-1.4') });
    expect(decodeDataUrl('data:;base64,QUJD', 100)).toEqual({ isDecoded: true, bytes: Buffer.from('ABC') });
  });

  it('refuses what is not a base64 data URL', () => {
    for (const text of [
      'JVBERi0xLjQ=',
      'data:text/plain,hello',
      'data:application/pdf;base64,JVBER!0x',
      'data:application/pdf;base64,JVBERi0xLjQ',
    ]) {
      expect(decodeDataUrl(text, 100), text).toEqual({ isDecoded: false, reason: 'not_data_url' });
    }
  });

  it('refuses an empty file and one over the limit, before decoding', () => {
    expect(decodeDataUrl('data:application/pdf;base64,', 100)).toEqual({ isDecoded: false, reason: 'empty' });
    const eleven = Buffer.alloc(11).toString('base64');
    expect(decodeDataUrl(`data:;base64,${eleven}`, 10)).toEqual({ isDecoded: false, reason: 'too_large' });
    expect(decodeDataUrl(`data:;base64,${Buffer.alloc(10).toString('base64')}`, 10).isDecoded).toBe(true);
  });

  it('computes the decoded length from the text', () => {
    for (const size of [1, 2, 3, 4, 5, 10_000]) {
      expect(decodedBase64Length(Buffer.alloc(size).toString('base64'))).toBe(size);
    }
  });
});

describe('cleanFileName', () => {
  it('keeps the base name without directories or control characters', () => {
    expect(cleanFileName('C:\\Users\\me\\Voided Check.pdf')).toBe('Voided Check.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('bad\u0000name\r\n.pdf')).toBe('badname.pdf');
    expect(cleanFileName('///')).toBe('document');
    expect(cleanFileName('a'.repeat(300))).toHaveLength(255);
  });
});

describe('upload limit', () => {
  it('is the same in the browser contract and the multipart plugin', async () => {
    const { maxDocumentBytes } = await import('@portico/contracts/documents/documents');
    const { MAX_UPLOAD_BYTES } = await import('../../plugins/security');
    expect(maxDocumentBytes).toBe(MAX_UPLOAD_BYTES);
  });
});
