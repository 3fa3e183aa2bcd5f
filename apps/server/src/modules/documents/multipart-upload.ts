import { CommonErrorCode } from '@portico/contracts/common/envelope';
import { DocumentText, maxDocumentRequestLength } from '@portico/contracts/documents/documents';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { toDataUrl } from './data-url';
import { DocumentError } from './documents.service';

// The upload call posts its payload as form data. A multipart request is turned into the same
// object the JSON body is, before validation, so one schema checks both: text fields as they are,
// and the file (a part named contents or file) as a data URL, as the browser's FileReader makes it.
// The security plugin's limits still apply to the file (10 MB); a contents text field may carry a
// whole data URL, so the field limit is raised here for this route only.
export async function readMultipartUpload(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  try {
    request.body = await readParts(request);
  } catch (err) {
    throw asClientError(err);
  }
}

function invalidForm() {
  return new AppError(CommonErrorCode.ValidationFailed, 'validation', 'The request is not valid form data');
}

// Limits (413) and our own refusals keep their answer; anything else the form parser throws is a
// malformed body (a missing boundary, a truncated part), never a server error.
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof Error && 'statusCode' in err && typeof err.statusCode === 'number') {
    if (err.statusCode >= 400 && err.statusCode < 500) return err;
  }
  return invalidForm();
}

async function readParts(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  let fileName: string | undefined;
  const parts = request.parts({ limits: { fieldSize: maxDocumentRequestLength, files: 1 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'contents' && part.fieldname !== 'file') {
        throw DocumentError.NoFile(DocumentText.NoFile);
      }
      // Throws the 413 of the security plugin's fileSize limit past 10 MB.
      const bytes = await part.toBuffer();
      fields.contents = toDataUrl(bytes, 'application/octet-stream');
      fileName = part.filename;
      continue;
    }
    if (part.valueTruncated) throw DocumentError.TooLarge(DocumentText.TooLarge);
    if (typeof part.value !== 'string') throw invalidForm();
    fields[part.fieldname] = part.value;
  }
  // A file part brings its own name; the form's file_name and extension win when given.
  if (fileName && !fields.file_name) fields.file_name = fileName;
  if (fileName && !fields.extension) {
    const dot = fileName.lastIndexOf('.');
    if (dot > 0) fields.extension = fileName.slice(dot + 1);
  }
  return fields;
}
