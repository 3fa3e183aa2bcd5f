import {
  DocumentText,
  extensionOfFileName,
  maxDocumentNoteLength,
} from '@portico/contracts/documents/documents';

// A file picked for upload with what the user typed beside it.
export type SelectedUpload = { key: string; file: File; tag: string; note: string };
export type UploadFieldErrors = { tag?: string; note?: string };

export function uploadErrorsOf(upload: SelectedUpload, { hasTags }: { hasTags: boolean }): UploadFieldErrors {
  const errors: UploadFieldErrors = {};
  if (hasTags && upload.tag.trim() === '') errors.tag = DocumentText.TagRequired;
  if (upload.note.trim().length > maxDocumentNoteLength) errors.note = DocumentText.NoteTooLong;
  return errors;
}

export function hasUploadErrors(errors: UploadFieldErrors): boolean {
  return errors.tag !== undefined || errors.note !== undefined;
}

// The upload button's label: 'Upload N'.
export function uploadButtonLabel(count: number): string {
  return `Upload ${count}`;
}

export function uploadExtensionOf(file: Pick<File, 'name'>): string {
  return extensionOfFileName(file.name);
}
