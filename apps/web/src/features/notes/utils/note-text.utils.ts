import type { NoteRow } from '@portico/contracts/notes/notes';

// A note's text is its comment, or what its data recorded (events keep it in data).
export function noteText(note: Pick<NoteRow, 'comment' | 'data'>): string {
  if (note.comment?.trim()) return note.comment;
  const data = note.data ?? {};
  for (const key of ['comment', 'message', 'text']) {
    const value = data[key];
    if (typeof value === 'string' && value.trim()) return value;
    if (
      typeof value === 'object' &&
      value !== null &&
      'comment' in value &&
      typeof value.comment === 'string'
    ) {
      return value.comment;
    }
  }
  return '';
}
