import { createHash, randomUUID } from 'node:crypto';
import {
  contentMismatchText,
  DocumentErrorCode,
  type DocumentExtension,
  type DocumentRow,
  type DocumentsQuery,
  DocumentText,
  documentTypes,
  downloadFileName,
  extensionOfFileName,
  isDocumentExtension,
  maxDocumentBytes,
  normalizeExtension,
  type UploadDocumentBody,
} from '@portico/contracts/documents/documents';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import {
  authorizeClient,
  authorizeEnrollment,
  authorizeReachedThrough,
  type ClientAccess,
  requireReviewRole,
} from '../../access/owner-access';
import type { Db } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { cleanFileName, decodeDataUrl } from './data-url';
import {
  type DocumentOwner,
  type DocumentRecord,
  findDocument,
  findFileContent,
  insertDocument,
  listDocuments,
} from './documents.repository';
import { checkFileSignature } from './file-signature';

export const DocumentError = defineErrors({
  TypeNotAllowed: [DocumentErrorCode.TypeNotAllowed, 'unsupported_media_type'],
  ContentMismatch: [DocumentErrorCode.ContentMismatch, 'unsupported_media_type'],
  TooLarge: [DocumentErrorCode.TooLarge, 'payload_too_large'],
  Empty: [DocumentErrorCode.Empty, 'validation'],
  NotADataUrl: [DocumentErrorCode.NotADataUrl, 'validation'],
  ExtensionMismatch: [DocumentErrorCode.ExtensionMismatch, 'validation'],
  ClientMismatch: [DocumentErrorCode.ClientMismatch, 'validation'],
  NoFile: [DocumentErrorCode.NoFile, 'validation'],
  NotFound: [DocumentErrorCode.NotFound, 'not_found'],
  EnrollmentNotFound: [DocumentErrorCode.EnrollmentNotFound, 'not_found'],
  ClientNotFound: ['DOCUMENT_CLIENT_NOT_FOUND', 'not_found'],
});

const enrollmentDenial = {
  code: DocumentErrorCode.EnrollmentDocumentsNotAllowed,
  message: DocumentText.EnrollmentDocumentsNotAllowed,
};

// Staff reach every merchant's documents; anyone else also needs the Documents permission there
// (granted whenever the merchant has RBAC off).
async function requireDocumentsPermission(
  caller: Caller,
  access: ClientAccess | null,
  clientId: string | null,
): Promise<void> {
  if (caller.isStaff || access?.effectivePermissions.includes('Documents')) return;
  await denyAccess(caller, 'permission', {
    merchantId: clientId,
    permission: 'Documents',
    code: DocumentErrorCode.PermissionRequired,
    message: DocumentText.PermissionRequired,
  });
}

export type DocumentTarget =
  | { kind: 'client'; clientId: string }
  | { kind: 'enrollment'; enrollmentId: string };

// Reach, then permission. A client id in the address was already checked by the access plugin.
async function authorizeDocumentOwner(
  db: Db,
  caller: Caller,
  target: DocumentTarget,
): Promise<{ clientId: string | null; enrollmentId: string | null; auditClientId: string | null }> {
  if (target.kind === 'client') {
    const access = caller.merchant ?? (await authorizeClient(db, caller, target.clientId));
    if (!access.merchantExists) throw DocumentError.ClientNotFound('Client not found');
    await requireDocumentsPermission(caller, access, target.clientId);
    return { clientId: target.clientId, enrollmentId: null, auditClientId: target.clientId };
  }
  await requireReviewRole(caller, enrollmentDenial);
  const enrollment = await authorizeEnrollment(db, caller, target.enrollmentId, () =>
    DocumentError.EnrollmentNotFound(DocumentText.EnrollmentNotFound),
  );
  await requireDocumentsPermission(caller, enrollment.access, enrollment.clientId);
  return { clientId: null, enrollmentId: enrollment.enrollmentId, auditClientId: enrollment.clientId };
}

// jpg and jpeg, tif and tiff name the same type.
function canonicalExtension(extension: DocumentExtension): DocumentExtension {
  if (extension === 'jpeg') return 'jpg';
  if (extension === 'tiff') return 'tif';
  return extension;
}

// The claimed type: the extension field, which the file name's own extension (if any) must agree with.
export function claimedExtension(
  body: Pick<UploadDocumentBody, 'extension' | 'file_name'>,
): DocumentExtension {
  const claimed = normalizeExtension(body.extension);
  const fromName = extensionOfFileName(body.file_name);
  if (!isDocumentExtension(claimed) || (fromName !== '' && !isDocumentExtension(fromName))) {
    throw DocumentError.TypeNotAllowed(DocumentText.TypeNotAllowed);
  }
  if (fromName !== '' && canonicalExtension(fromName) !== canonicalExtension(claimed)) {
    throw DocumentError.ExtensionMismatch(DocumentText.ExtensionMismatch);
  }
  return claimed;
}

// Decode, bound and identify the content; nothing is stored unless all of it passes.
export function checkedContent(
  body: Pick<UploadDocumentBody, 'contents'>,
  extension: DocumentExtension,
): Buffer {
  const decoded = decodeDataUrl(body.contents, maxDocumentBytes);
  if (!decoded.isDecoded) {
    if (decoded.reason === 'too_large') throw DocumentError.TooLarge(DocumentText.TooLarge);
    if (decoded.reason === 'empty') throw DocumentError.Empty(DocumentText.Empty);
    throw DocumentError.NotADataUrl(DocumentText.NotADataUrl);
  }
  const signature = checkFileSignature(extension, decoded.bytes);
  if (!signature.matches) {
    throw signature.isExecutable
      ? DocumentError.TypeNotAllowed(DocumentText.TypeNotAllowed)
      : DocumentError.ContentMismatch(contentMismatchText(extension));
  }
  return decoded.bytes;
}

function uploaderOf(record: Pick<DocumentRecord, 'uploaderName' | 'uploaderEmail'>): string | null {
  const name = record.uploaderName?.trim();
  return name ? name : (record.uploaderEmail ?? null);
}

export function toDocumentRow(record: DocumentRecord): DocumentRow {
  return {
    id: record.id,
    client_id: record.clientId,
    enrollment_id: record.enrollmentId,
    file_name: record.fileName,
    extension: record.extension,
    tag: record.tag,
    note: record.note,
    size_bytes: record.sizeBytes,
    date_time_uploaded: record.dateTimeUploaded.toISOString(),
    uploaded_by: uploaderOf(record),
  };
}

export async function uploadDocument(
  db: Db,
  caller: Caller,
  target: DocumentTarget,
  body: UploadDocumentBody,
): Promise<DocumentRow> {
  const owner = await authorizeDocumentOwner(db, caller, target);
  if (
    target.kind === 'client' &&
    body.clientid !== undefined &&
    body.clientid.toLowerCase() !== target.clientId
  ) {
    throw DocumentError.ClientMismatch(DocumentText.ClientMismatch);
  }
  const extension = claimedExtension(body);
  const content = checkedContent(body, extension);
  const canonical = canonicalExtension(extension);
  const sha256 = createHash('sha256').update(content).digest('hex');
  return db.transaction(async (tx) => {
    const id = await insertDocument(
      tx,
      {
        clientId: owner.clientId,
        enrollmentId: owner.enrollmentId,
        tag: body._tag_ ?? null,
        note: body.note ?? null,
        fileName: cleanFileName(body.file_name),
        extension,
        mimeType: documentTypes[canonical].mimeType,
        sizeBytes: content.length,
        // Generated, never derived from the uploader's name.
        storageKey: `documents/${randomUUID()}.${canonical}`,
        sha256,
        uploadedByUserId: caller.session.userId,
      },
      content,
    );
    await recordAudit(tx, {
      action: 'document.upload',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'document',
      targetId: id,
      clientId: owner.auditClientId,
      details: { extension, size_bytes: content.length, sha256, enrollment_id: owner.enrollmentId },
    });
    const record = await findDocument(tx, id);
    if (!record) throw new Error('the document just written is missing');
    return toDocumentRow(record);
  });
}

export async function listDocumentsFor(
  db: Db,
  caller: Caller,
  query: Omit<DocumentsQuery, 'id'>,
): Promise<DocumentRow[]> {
  const clientId = query.clientid ?? query.client_id;
  let owner: DocumentOwner;
  if (clientId !== undefined) {
    const access = await authorizeClient(db, caller, clientId);
    if (!access.merchantExists) throw DocumentError.ClientNotFound('Client not found');
    await requireDocumentsPermission(caller, access, clientId);
    owner = { kind: 'client', clientId };
  } else if (query.enrollment_id !== undefined) {
    const enrollment = await authorizeDocumentOwner(db, caller, {
      kind: 'enrollment',
      enrollmentId: query.enrollment_id,
    });
    owner = { kind: 'enrollment', enrollmentId: enrollment.enrollmentId ?? query.enrollment_id };
  } else {
    return [];
  }
  const records = await listDocuments(db, owner);
  return records.map(toDocumentRow);
}

export type FetchedDocument = { content: Buffer; filename: string; mimeType: string };

// Where a stored document whose content is gone is reported.
export type MissingContentLog = { error(details: Record<string, unknown>, message: string): void };

// One file, for whoever may see its owner's documents. A document that does not exist, like one out
// of reach, is a 403 for everyone but staff (no existence oracle).
export async function fetchDocument(
  db: Db,
  caller: Caller,
  id: string,
  log: MissingContentLog,
): Promise<FetchedDocument> {
  const document = await findDocument(db, id);
  if (!document) {
    if (caller.isStaff) throw DocumentError.NotFound(DocumentText.NotFound);
    return denyAccess(caller, 'merchant');
  }
  if (document.clientId !== null) {
    const access = await authorizeClient(db, caller, document.clientId);
    await requireDocumentsPermission(caller, access, document.clientId);
  } else {
    await requireReviewRole(caller, enrollmentDenial);
    const access = await authorizeReachedThrough(
      db,
      caller,
      document.enrollmentClientId ?? document.enrollmentParentId,
    );
    await requireDocumentsPermission(caller, access, document.enrollmentClientId);
  }
  const content = await findFileContent(db, document.storageKey);
  if (!content) {
    log.error({ documentId: id }, 'document content is missing from file storage');
    throw DocumentError.NotFound(DocumentText.NotFound);
  }
  await recordAudit(db, {
    action: 'document.download',
    outcome: 'success',
    ...auditActorOf(caller),
    targetType: 'document',
    targetId: document.id,
    clientId: document.clientId ?? document.enrollmentClientId,
    details: { enrollment_id: document.enrollmentId },
  });
  return {
    content,
    filename: downloadFileName(document.fileName, document.extension),
    mimeType: document.mimeType,
  };
}
