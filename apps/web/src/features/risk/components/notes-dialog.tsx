import { Button, FileInput, Group, Stack, Textarea } from '@mantine/core';
import { RiskText } from '@portico/contracts/risk/risk';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { downloadAttachment, useAddTransactionNote, useTransactionNotes } from '../api/transaction-notes';
import { NotesList } from './notes-list';

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
      <NotesList
        isPending={notes.isPending}
        isError={notes.isError}
        notes={notes.data?.map((note) => ({
          id: note.id,
          text: note.content,
          author: note.created_by,
          createdAt: note.created_at,
          extra: note.attachments.map((attachment) => (
            <Button
              key={attachment.id}
              variant="subtle"
              size="compact-xs"
              onClick={() => void download(attachment)}
            >
              {attachment.file_name}
            </Button>
          )),
        }))}
        timeZone={timeZone}
      />
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
