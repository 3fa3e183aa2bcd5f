// Whose documents a view shows and uploads to: a client's or an enrollment's.
export type DocumentsSubject = { kind: 'client' | 'enrollment'; id: string };

export function documentsListQueryOf(subject: DocumentsSubject): Record<string, string> {
  return subject.kind === 'client' ? { clientid: subject.id } : { enrollment_id: subject.id };
}

export function uploadPathOf(subject: DocumentsSubject): string {
  return `/api/documents/by-${subject.kind}/${encodeURIComponent(subject.id)}`;
}
