import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { maxDocumentRequestLength } from '@portico/contracts/documents/documents';
import { RiskErrorCode, RiskText } from '@portico/contracts/risk/risk';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { toDataUrl } from '../documents/data-url';

// POST /api/transaction-monitoring/notes as multipart: text fields as they are, the one
// optional file part as the data URL `contents` (as documents' reader makes it), so one schema checks
// multipart and JSON bodies alike. A second file is refused by name instead of the parser's limit.
export async function readNoteMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  try {
    request.body = await readParts(request);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && 'statusCode' in err && typeof err.statusCode === 'number') {
      if (err.statusCode >= 400 && err.statusCode < 500) throw err;
    }
    throw new AppError(CommonErrorCode.ValidationFailed, 'validation', 'The request is not valid form data');
  }
}

async function readParts(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  let fileCount = 0;
  const parts = request.parts({ limits: { fieldSize: maxDocumentRequestLength, files: 2 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      fileCount += 1;
      if (fileCount > 1) {
        throw new AppError(RiskErrorCode.OneAttachment, 'validation', RiskText.OneAttachment);
      }
      // Throws the 413 of the security plugin's fileSize limit past 10 MB.
      const bytes = await part.toBuffer();
      fields.contents = toDataUrl(bytes, 'application/octet-stream');
      if (!fields.file_name) fields.file_name = part.filename;
      continue;
    }
    if (typeof part.value !== 'string' || part.valueTruncated) {
      throw new AppError(
        CommonErrorCode.ValidationFailed,
        'validation',
        'The request is not valid form data',
      );
    }
    fields[part.fieldname] = part.value;
  }
  if (fields.file_name && !fields.extension) {
    const dot = fields.file_name.lastIndexOf('.');
    if (dot > 0) fields.extension = fields.file_name.slice(dot + 1);
  }
  return fields;
}
