import { type NoteRow, notesListResponse, sortNotesNewestFirst } from '@portico/contracts/notes/notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type NotesSubject, notesQueryOf } from '../utils/notes-subject';
import { notesKeys } from './keys';

const notesSchema = notesListResponse.shape.message;

// GET api/notes?enrollment_id= or ?id={clientid}: newest first.
export async function getNotes(
  subject: NotesSubject,
  { signal }: { signal?: AbortSignal } = {},
): Promise<NoteRow[]> {
  const notes = await apiRequest('/api/notes', { schema: notesSchema, query: notesQueryOf(subject), signal });
  return sortNotesNewestFirst(notes);
}

export function notesQueryOptions(subject: NotesSubject) {
  return queryOptions({
    queryKey: notesKeys.list(subject),
    queryFn: ({ signal }) => getNotes(subject, { signal }),
  });
}

export function useNotes(subject: NotesSubject) {
  return useQuery(notesQueryOptions(subject));
}
