import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/time-zone/date-time-format';

export type NoteItem = {
  id: string;
  text: string;
  author: string | null;
  createdAt: string;
  // Below the note: its attachments, where the note has any.
  extra?: ReactNode;
};

type NotesListProps = {
  isPending: boolean;
  isError: boolean;
  notes: readonly NoteItem[] | undefined;
  timeZone: string;
};

// The risk notes of a transaction or a merchant, newest as the server orders them, each with its author
// and time in the user's zone.
export function NotesList({ isPending, isError, notes, timeZone }: NotesListProps) {
  if (isPending) return <Text role="status">Loading notes…</Text>;
  if (isError || notes === undefined) return <Text role="alert">The notes could not be loaded.</Text>;
  if (notes.length === 0) return <Text role="status">No notes yet.</Text>;
  return (
    <Stack gap="xs" component="ul" aria-label="Notes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {notes.map((note) => (
        <li key={note.id}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {note.text}
          </Text>
          <Text size="xs" c="dimmed">
            {`${note.author ?? 'Unknown'}, ${formatDateTime(note.createdAt, timeZone)}`}
          </Text>
          {note.extra}
        </li>
      ))}
    </Stack>
  );
}
