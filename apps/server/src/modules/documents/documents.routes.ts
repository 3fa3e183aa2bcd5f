import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  documentIdParams,
  documentOwnerParams,
  documentsQuery,
  documentsQueryResponse,
  maxDocumentRequestLength,
  uploadDocumentBody,
  uploadDocumentResponse,
} from '@portico/contracts/documents/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { fetchDocument, listDocumentsFor, uploadDocument } from './documents.service';
import { readMultipartUpload } from './multipart-upload';

// Alpha administers permissions and locations only; it has no documents.
const documentRoles = ['admin', 'healnow', 'parent', 'user'] as const;
// Enrollment documents are for the reviewing side (staff and parents); the service says so.
const errors = errorResponses(400, 401, 403, 404);
const uploadErrors = { ...errors, 413: errorEnvelope, 415: errorEnvelope };
// A JSON upload carries the file as a data URL, a third larger than the file.
const jsonUploadBodyLimit = maxDocumentRequestLength;

// RFC 6266: a plain ASCII fallback name and the exact name in UTF-8.
function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploadSchema = {
    tags: ['documents'],
    consumes: ['application/json', 'multipart/form-data'],
    params: documentOwnerParams,
    body: uploadDocumentBody,
    response: { 200: uploadDocumentResponse, ...uploadErrors },
  };

  app.post(
    '/api/documents/by-client/:id',
    {
      config: {
        access: { kind: 'authenticated', roles: documentRoles, merchant: { from: 'params', key: 'id' } },
      },
      bodyLimit: jsonUploadBodyLimit,
      preValidation: readMultipartUpload,
      schema: {
        ...uploadSchema,
        summary: 'Upload a document of a client (JSON or multipart; checked by content)',
      },
    },
    async (request) => ({
      status: true as const,
      message: await uploadDocument(
        app.db,
        callerOf(request),
        { kind: 'client', clientId: request.params.id },
        request.body,
      ),
    }),
  );

  app.post(
    '/api/documents/by-enrollment/:id',
    {
      config: { access: { kind: 'authenticated', roles: documentRoles } },
      bodyLimit: jsonUploadBodyLimit,
      preValidation: readMultipartUpload,
      schema: {
        ...uploadSchema,
        summary: 'Upload a document of an enrollment (JSON or multipart; checked by content)',
      },
    },
    async (request) => ({
      status: true as const,
      message: await uploadDocument(
        app.db,
        callerOf(request),
        { kind: 'enrollment', enrollmentId: request.params.id },
        request.body,
      ),
    }),
  );

  app.get(
    '/api/documents',
    {
      config: { access: { kind: 'authenticated', roles: documentRoles } },
      schema: {
        tags: ['documents'],
        summary:
          'Documents of a client (?clientid= or ?client_id=) or an enrollment (?enrollment_id=), newest ' +
          'first; ?id= answers one file as {file: base64, filename}',
        querystring: documentsQuery,
        response: { 200: documentsQueryResponse, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id, ...listQuery } = request.query;
      if (id === undefined) {
        return { status: true as const, message: await listDocumentsFor(app.db, caller, listQuery) };
      }
      const document = await fetchDocument(app.db, caller, id, request.log);
      return {
        status: true as const,
        message: {
          file: document.content.toString('base64'),
          filename: document.filename,
          mime_type: document.mimeType,
        },
      };
    },
  );

  app.get(
    '/api/documents/:id/download',
    {
      config: { access: { kind: 'authenticated', roles: documentRoles } },
      schema: {
        tags: ['documents'],
        // The answer is the file itself (errors use the usual envelope), so no JSON schema describes it.
        summary: 'Download one document as an attachment (Content-Disposition, nosniff)',
        params: documentIdParams,
      },
    },
    async (request, reply) => {
      const document = await fetchDocument(app.db, callerOf(request), request.params.id, request.log);
      // Always an attachment, never rendered by the browser under our origin.
      return reply
        .header('content-type', document.mimeType)
        .header('content-disposition', attachmentDisposition(document.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(document.content);
    },
  );
};
