// Whose notes a view shows: an enrollment's (optionally one sub-domain,
// e.g. the KYC notes), or a client's.
export type NotesSubject =
  | { kind: 'enrollment'; id: string; subDomain?: string }
  | { kind: 'client'; id: string; subDomain?: string };

export function notesQueryOf(subject: NotesSubject): Record<string, string> {
  const query: Record<string, string> =
    subject.kind === 'enrollment' ? { enrollment_id: subject.id } : { id: subject.id };
  if (subject.subDomain) query.sub_domain = subject.subDomain;
  return query;
}

export function createNoteOwnerOf(subject: NotesSubject): { enrollment_id: string } | { client_id: string } {
  return subject.kind === 'enrollment' ? { enrollment_id: subject.id } : { client_id: subject.id };
}
