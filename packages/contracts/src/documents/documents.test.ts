import { describe, expect, it } from 'vitest';
import {
  contentMismatchText,
  DocumentText,
  documentsQuery,
  downloadFileName,
  extensionOfFileName,
  isDocumentExtension,
  maxDocumentBytes,
  maxDocumentDataUrlLength,
  normalizeExtension,
  uploadDocumentBody,
} from './documents';

const id = '0b6c2f4e-8d7a-4e1b-9c3d-2a5f6e7d8c9b';

describe('uploadDocumentBody', () => {
  it('takes the upload payload; empty form fields count as absent', () => {
    expect(
      uploadDocumentBody.parse({
        clientid: '',
        _tag_: ' Voided Check ',
        note: '',
        extension: 'pdf',
        file_name: 'check.pdf',
        contents: 'data:application/pdf;base64,JVBERi0=',
      }),
    ).toEqual({
      _tag_: 'Voided Check',
      extension: 'pdf',
      file_name: 'check.pdf',
      contents: 'data:application/pdf;base64,JVBERi0=',
    });
  });

  it('limits the note to 200 characters with the exact text', () => {
    const result = uploadDocumentBody.safeParse({
      note: 'x'.repeat(201),
      extension: 'pdf',
      file_name: 'a.pdf',
      contents: 'data:;base64,AA==',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DocumentText.NoteTooLong);
  });

  it('refuses unknown keys', () => {
    expect(
      uploadDocumentBody.safeParse({ extension: 'pdf', file_name: 'a.pdf', contents: 'x', path: '/etc' })
        .success,
    ).toBe(false);
  });
});

describe('documentsQuery', () => {
  it('needs exactly one of clientid, client_id, enrollment_id and id', () => {
    expect(documentsQuery.safeParse({ clientid: id }).success).toBe(true);
    expect(documentsQuery.safeParse({ client_id: id }).success).toBe(true);
    expect(documentsQuery.safeParse({ id }).success).toBe(true);
    expect(documentsQuery.safeParse({}).success).toBe(false);
    expect(documentsQuery.safeParse({ clientid: id, id }).success).toBe(false);
  });
});

describe('names and types', () => {
  it('reads extensions from names and fields', () => {
    expect(extensionOfFileName('Business License.PDF')).toBe('pdf');
    expect(extensionOfFileName('README')).toBe('');
    expect(extensionOfFileName('.bashrc')).toBe('');
    expect(normalizeExtension(' .DOCX ')).toBe('docx');
    expect(isDocumentExtension('exe')).toBe(false);
    expect(isDocumentExtension('toString')).toBe(false);
  });

  it('says what a file is not', () => {
    expect(contentMismatchText('pdf')).toBe('This file is not a PDF document.');
    expect(contentMismatchText('xlsx')).toBe('This file is not an Excel workbook.');
  });

  it('saves a download under its name, with the extension when it had none', () => {
    expect(downloadFileName('statement.pdf', 'pdf')).toBe('statement.pdf');
    expect(downloadFileName('statement', 'pdf')).toBe('statement.pdf');
  });

  it('sizes a data URL for the largest file', () => {
    expect(maxDocumentDataUrlLength).toBeGreaterThanOrEqual(
      Buffer.alloc(maxDocumentBytes).toString('base64').length,
    );
  });
});
