import { Group, Text } from '@mantine/core';
import type { DocumentRow } from '@portico/contracts/documents/documents';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { showToast } from '../../../components/toasts';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { downloadDocument } from '../api/download-document';
import { useDocuments } from '../api/get-documents';
import type { DocumentsSubject } from '../utils/documents-subject';
import { FileTypeIcon } from './file-type-icon';

const typeColumn: DataGridColumn<DocumentRow> = {
  id: 'tag',
  header: 'Type',
  kind: 'text',
  value: (row) => row.tag ?? '',
  width: 180,
};
const fileNameColumn: DataGridColumn<DocumentRow> = {
  id: 'file_name',
  header: 'Filename',
  kind: 'text',
  value: (row) => row.file_name,
  width: 320,
  renderCell: (row, text) => (
    <Group gap={6} wrap="nowrap" h="100%">
      <FileTypeIcon extension={row.extension} />
      <Text size="sm" truncate>
        {text}
      </Text>
    </Group>
  ),
};
const uploadedColumn: DataGridColumn<DocumentRow> = {
  id: 'date_time_uploaded',
  header: 'Uploaded',
  kind: 'datetime',
  value: (row) => row.date_time_uploaded,
  dateFormat: 'yyyy-mm-dd hh:mm:ss',
  width: 200,
};
// The client view shows Filename and Uploaded; otherwise Type comes first.
const clientViewColumns = [fileNameColumn, uploadedColumn];
const reviewColumns = [typeColumn, fileNameColumn, uploadedColumn];
const newestFirst = [{ colId: 'date_time_uploaded', sort: 'desc' as const }];

type DocumentsGridProps = { subject: DocumentsSubject; isClientView: boolean; height?: number | string };

// Double-click downloads.
export function DocumentsGrid({ subject, isClientView, height = 500 }: DocumentsGridProps) {
  const documents = useDocuments(subject);
  const timeZone = useUserTimeZone();

  async function download(row: DocumentRow) {
    try {
      await downloadDocument(row);
    } catch {
      showToast({ text: 'Something went wrong!', type: 'danger' });
    }
  }

  return (
    <DataGrid
      ariaLabel="Documents"
      columns={isClientView ? clientViewColumns : reviewColumns}
      rows={documents.data ?? []}
      isLoading={documents.isPending}
      error={documents.isError ? 'The documents could not be loaded.' : null}
      onRefresh={() => void documents.refetch()}
      getRowId={(row) => row.id}
      timeZone={timeZone}
      height={height}
      defaultSort={newestFirst}
      showSidePanel={false}
      showGroupPanel={false}
      exportFileName="Documents.xlsx"
      onRowDoubleClick={(row) => void download(row)}
    />
  );
}
