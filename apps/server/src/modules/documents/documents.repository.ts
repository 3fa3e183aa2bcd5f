import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documents, fileBlobs } from '../../db/schema/documents';
import { enrollments } from '../../db/schema/enrollments';
import { users } from '../../db/schema/users';

// A documents grid lists every file of one owner; the bound only stops a runaway answer.
export const maxListedDocuments = 1000;

const documentColumns = {
  id: documents.id,
  clientId: documents.clientId,
  enrollmentId: documents.enrollmentId,
  fileName: documents.fileName,
  extension: documents.extension,
  mimeType: documents.mimeType,
  sizeBytes: documents.sizeBytes,
  storageKey: documents.storageKey,
  tag: documents.tag,
  note: documents.note,
  dateTimeUploaded: documents.dateTimeUploaded,
  uploaderName: users.name,
  uploaderEmail: users.email,
};

export type DocumentOwner =
  | { kind: 'client'; clientId: string }
  | { kind: 'enrollment'; enrollmentId: string };

// Newest first; the (client_id | enrollment_id, date_time_uploaded) indexes serve it.
export async function listDocuments(executor: Executor, owner: DocumentOwner) {
  return executor
    .select(documentColumns)
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedByUserId))
    .where(
      owner.kind === 'client'
        ? eq(documents.clientId, owner.clientId)
        : eq(documents.enrollmentId, owner.enrollmentId),
    )
    .orderBy(desc(documents.dateTimeUploaded), desc(documents.id))
    .limit(maxListedDocuments);
}

export type DocumentRecord = Awaited<ReturnType<typeof listDocuments>>[number];

// One document with what its access check needs: the enrollment's client and parent.
export async function findDocument(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      ...documentColumns,
      enrollmentClientId: enrollments.clientId,
      enrollmentParentId: enrollments.parentId,
    })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedByUserId))
    .leftJoin(enrollments, eq(enrollments.id, documents.enrollmentId))
    .where(eq(documents.id, id));
  return row;
}

export async function findFileContent(executor: Executor, storageKey: string): Promise<Buffer | undefined> {
  const [row] = await executor
    .select({ content: fileBlobs.content })
    .from(fileBlobs)
    .where(eq(fileBlobs.storageKey, storageKey));
  return row?.content;
}

export type NewDocument = {
  clientId: string | null;
  enrollmentId: string | null;
  tag: string | null;
  note: string | null;
  fileName: string;
  extension: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
  sha256: string;
  uploadedByUserId: string;
};

// The content and its metadata are written together: pass the transaction.
export async function insertDocument(
  executor: Executor,
  document: NewDocument,
  content: Buffer,
): Promise<string> {
  await executor.insert(fileBlobs).values({ storageKey: document.storageKey, content });
  const [row] = await executor.insert(documents).values(document).returning({ id: documents.id });
  if (!row) throw new Error('document insert returned nothing');
  return row.id;
}
