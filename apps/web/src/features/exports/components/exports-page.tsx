import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import {
  type Export,
  exportKeptDays,
  exportProgressOf,
  isExportUnderway,
} from '@portico/contracts/exports/exports';
import { IconDownload } from '@tabler/icons-react';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/time-zone/date-time-format';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { exportDownloadUrl, useChangeExport, useExports } from '../api/exports';
import {
  byteSizeText,
  canCancelExport,
  canDownloadExport,
  canRetryExport,
  exportStatusText,
} from '../utils/exports.utils';
import { ReportSchedulesSection } from './report-schedules-section';

const statusColors: Record<Export['status'], string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
  expired: 'gray',
};

// /exports: the signed-in user's server-side exports ('All matching rows'), newest first, with
// their progress, Cancel, Retry and the download while the file is kept.
export function ExportsPage() {
  const exportsList = useExports();
  const items = exportsList.data ?? [];

  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1}>Exports</Title>
        <Text c="dimmed">
          Files of every matching row, written by the server and kept {exportKeptDays} days. Only you, and the
          recipients of a scheduled report, can download them.
        </Text>
      </div>
      {exportsList.isPending ? (
        <Text role="status">Loading…</Text>
      ) : exportsList.isError ? (
        <Alert color="red" title="The exports could not be loaded">
          {exportsList.error instanceof ApiError ? exportsList.error.message : 'Try again in a moment.'}
        </Alert>
      ) : items.length === 0 ? (
        <Text>
          No exports yet. In the transaction report or the audit log, open Export and choose All matching rows
          to export every row your filters match.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Exports">
          {items.map((item) => (
            <ExportCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
      <ReportSchedulesSection />
    </Stack>
  );
}

function ExportCard({ item }: { item: Export }) {
  const timeZone = useUserTimeZone();
  const change = useChangeExport();
  const now = new Date();

  function run(kind: 'cancel' | 'retry') {
    change.mutate(
      { id: item.id, change: kind },
      {
        onError: (error) =>
          void showToast({
            text: error instanceof ApiError ? error.message : 'The export could not be changed.',
            type: 'danger',
          }),
      },
    );
  }

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={item.file_name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.file_name}
          </Text>
          <Badge color={statusColors[item.status]} variant="light" tt="none">
            {exportStatusText(item)}
          </Badge>
        </Group>
        {isExportUnderway(item.status) && (
          <Progress
            value={Math.round(exportProgressOf(item) * 100)}
            aria-label={`Progress of ${item.file_name}`}
            size="lg"
          />
        )}
        <Text size="sm" c="dimmed">
          {item.title}, {item.format === 'xlsx' ? 'Excel' : 'CSV'} · asked{' '}
          {formatDateTime(item.created_at, timeZone)}
          {item.status === 'succeeded' && item.expires_at !== null
            ? ` · ${byteSizeText(item.byte_size)} · kept until ${formatDateTime(item.expires_at, timeZone)}`
            : ''}
        </Text>
        {item.status === 'failed' && item.error !== null && (
          <Text size="sm" c="red.8">
            {item.error}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {canDownloadExport(item, now) && (
            <Button
              component="a"
              href={exportDownloadUrl(item.id)}
              download={item.file_name}
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden />}
            >
              Download
            </Button>
          )}
          {canCancelExport(item) && (
            <Button size="xs" variant="default" onClick={() => run('cancel')} loading={change.isPending}>
              Cancel
            </Button>
          )}
          {canRetryExport(item) && (
            <Button size="xs" variant="default" onClick={() => run('retry')} loading={change.isPending}>
              Retry
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
