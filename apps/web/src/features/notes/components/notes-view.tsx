import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { NoteText } from '@portico/contracts/notes/notes';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { useNotes } from '../api/get-notes';
import { noteText } from '../utils/note-text.utils';
import type { NotesSubject } from '../utils/notes-subject';
import { NoteForm } from './note-form';

type NotesViewProps = { subject: NotesSubject; clientName: string; canAdd?: boolean };

// The client's name, Add, and the notes newest first with date and text.
export function NotesView({ subject, clientName, canAdd = true }: NotesViewProps) {
  const notes = useNotes(subject);
  const [isFormOpen, setFormOpen] = useState(false);
  const { formatDateTime } = useDateTimeFormatters();

  return (
    <Stack gap="sm" data-testid="notes-view">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3}>{clientName}</Title>
        {canAdd && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setFormOpen(true)}>
            Add
          </Button>
        )}
      </Group>
      <NotesList notes={notes} formatDateTime={formatDateTime} />
      <Modal isOpen={isFormOpen} title="New note" onClose={() => setFormOpen(false)}>
        <NoteForm subject={subject} onSaved={() => setFormOpen(false)} />
      </Modal>
    </Stack>
  );
}

type NotesListProps = { notes: ReturnType<typeof useNotes>; formatDateTime: (iso: string) => string };

function NotesList({ notes, formatDateTime }: NotesListProps) {
  if (notes.isPending) return <Loader size="sm" aria-label="Loading notes" />;
  if (notes.isError) {
    return (
      <Alert color="red" title={NoteText.Failed}>
        <Button size="xs" variant="light" onClick={() => void notes.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (notes.data.length === 0) return <Text c="dimmed">{NoteText.Empty}</Text>;
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Notes">
      {notes.data.map((note) => (
        <Paper key={note.id} component="li" withBorder p="sm">
          <Text size="xs" c="dimmed">
            {formatDateTime(note.created_at)}
            {note.author ? ` · ${note.author}` : ''}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{noteText(note)}</Text>
        </Paper>
      ))}
    </Stack>
  );
}
