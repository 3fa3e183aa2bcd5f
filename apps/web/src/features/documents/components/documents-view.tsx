import { Stack, Title } from '@mantine/core';
import type { DocumentsSubject } from '../utils/documents-subject';
import { DocumentUpload } from './document-upload';
import { DocumentsGrid } from './documents-grid';

type DocumentsViewProps = {
  subject: DocumentsSubject;
  // The client's own view: no Type column.
  isClientView: boolean;
  hasTags?: boolean;
  title?: string;
};

// The upload section above the documents grid.
export function DocumentsView({
  subject,
  isClientView,
  hasTags = true,
  title = 'Documents',
}: DocumentsViewProps) {
  return (
    <Stack gap="md" data-testid="documents-view">
      <Title order={3}>{title}</Title>
      <DocumentUpload subject={subject} hasTags={hasTags} />
      <DocumentsGrid subject={subject} isClientView={isClientView} />
    </Stack>
  );
}
