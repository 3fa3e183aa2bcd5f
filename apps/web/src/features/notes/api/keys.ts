import type { NotesSubject } from '../utils/notes-subject';

export const notesKeys = {
  all: ['notes'] as const,
  list: (subject: NotesSubject) =>
    [...notesKeys.all, 'list', subject.kind, subject.id, subject.subDomain ?? null] as const,
  statement: () => [...notesKeys.all, 'statement'] as const,
};
