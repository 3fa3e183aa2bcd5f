import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Documents of a client or an enrollment.

export const maxDocumentBytes = 10 * 1024 * 1024;
export const maxDocumentNoteLength = 200;
export const maxDocumentFileNameLength = 255;
// A data URL of the largest file: base64 is 4 characters per 3 bytes, plus the 'data:…;base64,' head.
export const maxDocumentDataUrlLength = Math.ceil(maxDocumentBytes / 3) * 4 + 256;
// What an upload request may carry at most. Above the data URL of the largest file, so a file just
// over 10 MB is still read and refused as too large (413), never as a malformed request.
export const maxDocumentRequestLength = maxDocumentDataUrlLength + 64 * 1024;

// The types Portico accepts, each checked by content on the server.
export const documentTypes = {
  pdf: { label: 'a PDF document', mimeType: 'application/pdf' },
  png: { label: 'a PNG image', mimeType: 'image/png' },
  jpg: { label: 'a JPEG image', mimeType: 'image/jpeg' },
  jpeg: { label: 'a JPEG image', mimeType: 'image/jpeg' },
  gif: { label: 'a GIF image', mimeType: 'image/gif' },
  tif: { label: 'a TIFF image', mimeType: 'image/tiff' },
  tiff: { label: 'a TIFF image', mimeType: 'image/tiff' },
  doc: { label: 'a Word document', mimeType: 'application/msword' },
  docx: {
    label: 'a Word document',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xls: { label: 'an Excel workbook', mimeType: 'application/vnd.ms-excel' },
  xlsx: {
    label: 'an Excel workbook',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  txt: { label: 'a plain text file', mimeType: 'text/plain; charset=utf-8' },
  csv: { label: 'a CSV file', mimeType: 'text/csv; charset=utf-8' },
} as const;
export type DocumentExtension = keyof typeof documentTypes;
export const documentExtensions = Object.keys(documentTypes).filter(isDocumentExtension);

export function isDocumentExtension(value: string): value is DocumentExtension {
  return Object.hasOwn(documentTypes, value);
}

// 'Report.PDF' -> 'pdf'; '' when the name has no extension.
export function extensionOfFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

// The extension field may come with a dot or in capitals ('.PDF').
export function normalizeExtension(extension: string): string {
  return extension.trim().replace(/^\./, '').toLowerCase();
}

export const DocumentText = {
  Uploaded: 'Files were successfully uploaded!',
  UploadFailed: 'Something went wrong!',
  TagRequired: 'Field is required',
  NoteTooLong: `Note must be at most ${maxDocumentNoteLength} characters`,
  DropZone: 'Drag and drop here',
  ChooseFiles: 'Choose files',
  TypeNotAllowed: 'This file type is not allowed.',
  TooLarge: 'This file is larger than 10 MB.',
  Empty: 'This file is empty.',
  NotADataUrl: 'The file contents must be a base64 data URL.',
  ExtensionMismatch: 'The file name and the extension do not agree.',
  ClientMismatch: 'clientid does not match the client of the address.',
  NotFound: 'Document not found',
  EnrollmentNotFound: 'Enrollment not found',
  NoFile: 'No file was uploaded.',
  EnrollmentDocumentsNotAllowed: 'You may not read or upload the documents of an enrollment',
  PermissionRequired: 'You do not have permission to do this',
} as const;

// 'This file is not a PDF document.' for content that does not match its claimed type.
export function contentMismatchText(extension: DocumentExtension): string {
  return `This file is not ${documentTypes[extension].label}.`;
}

export const DocumentErrorCode = {
  TypeNotAllowed: 'DOCUMENT_TYPE_NOT_ALLOWED',
  ContentMismatch: 'DOCUMENT_CONTENT_MISMATCH',
  TooLarge: 'DOCUMENT_TOO_LARGE',
  Empty: 'DOCUMENT_EMPTY',
  NotADataUrl: 'DOCUMENT_NOT_A_DATA_URL',
  ExtensionMismatch: 'DOCUMENT_EXTENSION_MISMATCH',
  ClientMismatch: 'DOCUMENT_CLIENT_MISMATCH',
  NotFound: 'DOCUMENT_NOT_FOUND',
  EnrollmentNotFound: 'DOCUMENT_ENROLLMENT_NOT_FOUND',
  NoFile: 'DOCUMENT_NO_FILE',
  EnrollmentDocumentsNotAllowed: 'DOCUMENT_ENROLLMENT_NOT_ALLOWED',
  PermissionRequired: 'DOCUMENT_PERMISSION_REQUIRED',
} as const;

// Multipart sends every field as text, so empty strings stand for "not given".
const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

// Upload payload, as JSON or as the fields of a multipart form (where contents may also be
// a file part). The client id of the address is authoritative; clientid, when given, must agree.
export const uploadDocumentBody = z.strictObject({
  clientid: optionalText(64),
  _tag_: optionalText(100),
  note: optionalText(maxDocumentNoteLength, DocumentText.NoteTooLong),
  extension: z.string().trim().min(1).max(16),
  file_name: z.string().trim().min(1).max(maxDocumentFileNameLength),
  contents: z.string().min(1).max(maxDocumentRequestLength),
});
export type UploadDocumentBody = z.infer<typeof uploadDocumentBody>;

export const documentOwnerParams = z.object({ id: z.uuid() });
export const documentIdParams = z.object({ id: z.uuid() });

// GET api/documents?clientid= | ?client_id= | ?enrollment_id= lists; ?id= fetches one file.
export const documentsQuery = z
  .object({
    clientid: z.uuid().optional(),
    client_id: z.uuid().optional(),
    enrollment_id: z.uuid().optional(),
    id: z.uuid().optional(),
  })
  .refine(
    (query) =>
      [query.clientid, query.client_id, query.enrollment_id, query.id].filter((v) => v !== undefined)
        .length === 1,
    { message: 'Give exactly one of clientid, client_id, enrollment_id or id' },
  );
export type DocumentsQuery = z.infer<typeof documentsQuery>;

export const documentRowSchema = z.object({
  id: z.uuid(),
  client_id: z.uuid().nullable(),
  enrollment_id: z.uuid().nullable(),
  file_name: z.string(),
  extension: z.string(),
  tag: z.string().nullable(),
  note: z.string().nullable(),
  size_bytes: z.number().int().nonnegative(),
  date_time_uploaded: z.iso.datetime(),
  // Name (or e-mail) of the uploader; null when the account no longer exists.
  uploaded_by: z.string().nullable(),
});
export type DocumentRow = z.infer<typeof documentRowSchema>;

// The download answer, file as base64 and the name to save it under.
export const documentFileSchema = z.object({
  // Base64 of the content (not re-validated on the way out: it is ours, and up to 13 MB long).
  file: z.string(),
  filename: z.string(),
  mime_type: z.string(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

export const documentsListResponse = successEnvelope(z.array(documentRowSchema));
export const documentsQueryResponse = successEnvelope(
  z.union([z.array(documentRowSchema), documentFileSchema]),
);
export const uploadDocumentResponse = successEnvelope(documentRowSchema);

// The name a download is saved under: the original name, with its extension when it had none.
export function downloadFileName(fileName: string, extension: string): string {
  return extensionOfFileName(fileName) ? fileName : `${fileName}.${extension}`;
}
