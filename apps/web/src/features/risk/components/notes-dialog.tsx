import { Button, FileInput, Group, Stack, Text, Textarea } from '@mantine/core';
import { RiskText } from '@portico/contracts/risk/risk';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { formatDateTime } from '../../../lib/time-zone/date-time-format';
import { downloadAttachment, useAddTransactionNote, useTransactionNotes } from '../api/transaction-notes';

type NotesDialogProps = { transactionId: string | null; timeZone: string; onClose: () => void };

// The transaction notes dialog: the notes with their attachments, and a form adding one note
// with one optional attachment. A note closes the transaction's alerts.
export function NotesDialog({ transactionId, timeZone, onClose }: NotesDialogProps) {
  return (
    <Modal isOpen={transactionId !== null} title="Transaction Notes" onClose={onClose} isLarge>
      {transactionId !== null && <NotesBody transactionId={transactionId} timeZone={timeZone} />}
    </Modal>
  );
}

function NotesBody({ transactionId, timeZone }: { transactionId: string; timeZone: string }) {
  const notes = useTransactionNotes(transactionId);
  const addNote = useAddTransactionNote();
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const isBlank = content.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isBlank) return;
    addNote.mutate(
      { transactionId, content, file },
      {
        onSuccess: () => {
          setContent('');
          setFile(null);
        },
        onError: () => void showToast({ text: RiskText.AddNoteFailed, type: 'danger' }),
      },
    );
  }

  async function download(attachment: { id: string; file_name: string }) {
    try {
      await downloadAttachment(attachment);
    } catch {
      void showToast({ text: RiskText.DownloadFailed, type: 'danger' });
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">{`Transaction ${transactionId}`}</Text>
      {notes.isPending ? (
        <Text role="status">Loading notes…</Text>
      ) : notes.isError ? (
        <Text role="alert">The notes could not be loaded.</Text>
      ) : notes.data.length === 0 ? (
        <Text role="status">No notes yet.</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Notes"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {notes.data.map((note) => (
            <li key={note.id}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {note.content}
              </Text>
              <Text size="xs" c="dimmed">
                {`${note.created_by ?? 'Unknown'}, ${formatDateTime(note.created_at, timeZone)}`}
              </Text>
              {note.attachments.map((attachment) => (
                <Button
                  key={attachment.id}
                  variant="subtle"
                  size="compact-xs"
                  onClick={() => void download(attachment)}
                >
                  {attachment.file_name}
                </Button>
              ))}
            </li>
          ))}
        </Stack>
      )}
      <form onSubmit={submit} aria-label="Add note">
        <Stack gap="sm">
          <Textarea
            label="Note"
            required
            rows={3}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
          />
          <FileInput label="Attachment (optional)" clearable value={file} onChange={setFile} />
          <Group justify="flex-end">
            <Button type="submit" disabled={isBlank} loading={addNote.isPending}>
              Add Note
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
