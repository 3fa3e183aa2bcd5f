import '@mantine/dropzone/styles.css';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { DocumentText, maxDocumentBytes } from '@portico/contracts/documents/documents';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useUploadDocuments } from '../api/upload-documents';
import type { DocumentsSubject } from '../utils/documents-subject';
import {
  hasUploadErrors,
  type SelectedUpload,
  uploadButtonLabel,
  uploadErrorsOf,
} from '../utils/upload-selection.utils';
import { FileTypeIcon } from './file-type-icon';

// What a document is, as the reviewing side sorts them.
export const documentTags = [
  'Voided Check',
  'Bank Statement',
  'Processing Statement',
  'Driver License',
  'Business License',
  'Articles of Incorporation',
  'Tax Document',
  'Other',
];

type DocumentUploadProps = { subject: DocumentsSubject; hasTags?: boolean };

let nextKey = 0;

// Upload Document: drop zone, the chosen files with a tag and note each, Upload N.
export function DocumentUpload({ subject, hasTags = true }: DocumentUploadProps) {
  const [uploads, setUploads] = useState<SelectedUpload[]>([]);
  const [isValidated, setValidated] = useState(false);
  const openFilePicker = useRef<() => void>(null);
  const upload = useUploadDocuments(subject, { hasTags });

  const addFiles = (files: File[]) =>
    setUploads((current) => [
      ...current,
      ...files.map((file) => ({ key: String(nextKey++), file, tag: '', note: '' })),
    ]);
  const update = (key: string, change: Partial<SelectedUpload>) =>
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const remove = (key: string) => setUploads((current) => current.filter((item) => item.key !== key));

  async function submit() {
    setValidated(true);
    if (uploads.some((item) => hasUploadErrors(uploadErrorsOf(item, { hasTags })))) return;
    try {
      await upload.mutateAsync(uploads);
      showToast({ text: DocumentText.Uploaded, type: 'success' });
      setUploads([]);
      setValidated(false);
    } catch (error) {
      // The server's reason (e.g. 'This file is not a PDF document.') says what to fix.
      const reason = error instanceof ApiError && error.httpStatus < 500 ? error.message : undefined;
      showToast(
        reason
          ? { title: DocumentText.UploadFailed, text: reason, type: 'danger' }
          : { text: DocumentText.UploadFailed, type: 'danger' },
      );
    }
  }

  return (
    <Stack gap="sm">
      <Title order={4}>Upload Document</Title>
      <Dropzone
        onDrop={addFiles}
        maxSize={maxDocumentBytes}
        openRef={openFilePicker}
        activateOnClick={false}
        multiple
      >
        <Stack align="center" gap={6} py="md" style={{ pointerEvents: 'none' }}>
          <IconUpload size={28} aria-hidden />
          <Text>{DocumentText.DropZone}</Text>
          <Text size="sm" c="dimmed">
            or
          </Text>
          <Button variant="light" style={{ pointerEvents: 'all' }} onClick={() => openFilePicker.current?.()}>
            {DocumentText.ChooseFiles}
          </Button>
        </Stack>
      </Dropzone>
      {uploads.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Selected files"
        >
          {uploads.map((item) => {
            const errors = isValidated ? uploadErrorsOf(item, { hasTags }) : {};
            return (
              <Paper key={item.key} component="li" withBorder p="xs">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <FileTypeIcon fileName={item.file.name} />
                  <Text size="sm" style={{ flex: 1, wordBreak: 'break-all' }} mt={6}>
                    {item.file.name}
                  </Text>
                  {hasTags && (
                    <Select
                      aria-label={`Tag of ${item.file.name}`}
                      placeholder="Tag"
                      data={documentTags}
                      value={item.tag || null}
                      onChange={(value) => update(item.key, { tag: value ?? '' })}
                      error={errors.tag}
                      w={200}
                    />
                  )}
                  <TextInput
                    aria-label={`Note of ${item.file.name}`}
                    placeholder="Note (optional)"
                    value={item.note}
                    onChange={(event) => update(item.key, { note: event.currentTarget.value })}
                    error={errors.note}
                    w={240}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={4}
                    aria-label={`Remove ${item.file.name}`}
                    onClick={() => remove(item.key)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} disabled={uploads.length === 0} loading={upload.isPending}>
          {uploadButtonLabel(uploads.length)}
        </Button>
      </Group>
    </Stack>
  );
}
