import { describe, expect, it } from 'vitest';
import { fileIconKindOf } from './file-icon.utils';
import { type SelectedUpload, uploadButtonLabel, uploadErrorsOf } from './upload-selection.utils';

const upload = (overrides: Partial<SelectedUpload> = {}): SelectedUpload => ({
  key: 'k',
  file: new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' }),
  tag: 'Bank Statement',
  note: '',
  ...overrides,
});

describe('upload selection rules', () => {
  it("requires a tag unless the view has no tags: 'Field is required'", () => {
    expect(uploadErrorsOf(upload({ tag: ' ' }), { hasTags: true })).toEqual({ tag: 'Field is required' });
    expect(uploadErrorsOf(upload({ tag: '' }), { hasTags: false })).toEqual({});
  });

  it('allows a note of at most 200 characters', () => {
    expect(uploadErrorsOf(upload({ note: 'x'.repeat(200) }), { hasTags: true })).toEqual({});
    expect(uploadErrorsOf(upload({ note: 'x'.repeat(201) }), { hasTags: true }).note).toBe(
      'Note must be at most 200 characters',
    );
  });

  it("labels the button 'Upload N'", () => {
    expect(uploadButtonLabel(3)).toBe('Upload 3');
  });
});

describe('fileIconKindOf', () => {
  it('has icons for doc, docx, jpg, jpeg, pdf, png and txt, and a generic one for the rest', () => {
    expect(['doc', 'docx', 'jpg', 'jpeg', 'PDF', '.png', 'txt'].map(fileIconKindOf)).toEqual([
      'doc',
      'docx',
      'jpg',
      'jpg',
      'pdf',
      'png',
      'txt',
    ]);
    expect(fileIconKindOf('xlsx')).toBe('generic');
    expect(fileIconKindOf('generic')).toBe('generic');
  });
});
