import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  describeTiming,
  type ReportSchedule,
  ReportScheduleText,
  scheduleDeliveryLabels,
  scheduleStatusLabels,
} from '@portico/contracts/exports/report-schedules';
import {
  type ScheduleChange,
  useChangeSchedule,
  useReportSchedules,
} from '../../../components/data-grid/export/report-schedules.api';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/time-zone/date-time-format';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';

const changeToasts: Record<ScheduleChange, string> = {
  pause: ReportScheduleText.Paused,
  resume: ReportScheduleText.Resumed,
  delete: ReportScheduleText.Deleted,
};

// The signed-in user's scheduled reports on the Exports page: when each runs, to whom, and
// Pause, Resume and Delete. Each run's file is listed with the exports above.
export function ReportSchedulesSection() {
  const schedules = useReportSchedules();
  const items = schedules.data ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Scheduled reports
      </Title>
      {schedules.isPending ? (
        <Text role="status">Loading…</Text>
      ) : schedules.isError ? (
        <Alert color="red" title="The scheduled reports could not be loaded">
          {schedules.error instanceof ApiError ? schedules.error.message : 'Try again in a moment.'}
        </Alert>
      ) : items.length === 0 ? (
        <Text>
          No scheduled reports. In the transaction report, the audit log or Disputes, pick a saved layout and
          choose Schedule to have it sent daily, weekly or monthly.
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Scheduled reports"
        >
          {items.map((item) => (
            <ScheduleCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ScheduleCard({ item }: { item: ReportSchedule }) {
  const timeZone = useUserTimeZone();
  const change = useChangeSchedule();
  const name = `${item.layout_name} (${item.title})`;

  function run(kind: ScheduleChange) {
    change.mutate(
      { id: item.id, change: kind },
      {
        onSuccess: () => void showToast({ text: changeToasts[kind], type: 'success' }),
        onError: (error) =>
          void showToast({
            text: error instanceof ApiError ? error.message : 'The schedule could not be changed.',
            type: 'danger',
          }),
      },
    );
  }

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Badge color={item.status === 'active' ? 'green' : 'gray'} variant="light" tt="none">
            {scheduleStatusLabels[item.status]}
          </Badge>
        </Group>
        <Text size="sm">
          {describeTiming(item)} · {item.format === 'xlsx' ? 'Excel' : 'CSV'} ·{' '}
          {scheduleDeliveryLabels[item.delivery].toLowerCase()}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          To{' '}
          {item.recipients.map((recipient) => recipient.name).join(', ') || 'nobody who may still receive it'}
          {item.next_run_at !== null ? ` · next run ${formatDateTime(item.next_run_at, timeZone)}` : ''}
          {item.last_run_at !== null ? ` · last run ${formatDateTime(item.last_run_at, timeZone)}` : ''}
        </Text>
        {item.paused_reason !== null && (
          <Text size="sm" c="red.8">
            {item.paused_reason}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {item.status === 'active' ? (
            <Button size="xs" variant="default" onClick={() => run('pause')} loading={change.isPending}>
              Pause
            </Button>
          ) : (
            <Button size="xs" variant="default" onClick={() => run('resume')} loading={change.isPending}>
              Resume
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => run('delete')}
            loading={change.isPending}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
