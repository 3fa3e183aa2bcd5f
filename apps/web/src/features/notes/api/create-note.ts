import type { NoteCategory } from '@portico/contracts/notes/notes';
import { createNoteResponse, createStatementNoteResponse, noteOrigin } from '@portico/contracts/notes/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { createNoteOwnerOf, type NotesSubject } from '../utils/notes-subject';
import { notesKeys } from './keys';

export type NewNote = { comment: string; category: NoteCategory };

// POST api/notes (origin 'Portal'); a note tagged statementNote is also posted to
// api/notes/statement.
export async function createNote(subject: NotesSubject, note: NewNote): Promise<void> {
  await apiRequest('/api/notes', {
    method: 'POST',
    schema: createNoteResponse.shape.message,
    body: {
      comment: note.comment,
      ...createNoteOwnerOf(subject),
      origin: noteOrigin,
      category: note.category,
    },
  });
  if (note.category === 'statementNote') {
    await apiRequest('/api/notes/statement', {
      method: 'POST',
      schema: createStatementNoteResponse.shape.message,
      body: { text: note.comment },
    });
  }
}

export function useCreateNote(subject: NotesSubject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: NewNote) => createNote(subject, note),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesKeys.all }),
  });
}
