import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { NoteText } from '@portico/contracts/notes/notes';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { useAccountEvents } from '../api/get-account-events';

// Events: the account's events (processor enablements among them), newest first.
export function EventsPanel({ clientId }: { clientId: string }) {
  const events = useAccountEvents(clientId);
  const { formatDateTime } = useDateTimeFormatters();

  if (events.isPending) return <Loader size="sm" aria-label="Loading events" />;
  if (events.isError) {
    return (
      <Alert color="red" title={NoteText.Failed}>
        <Button size="xs" variant="light" onClick={() => void events.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (events.data.length === 0) return <Text c="dimmed">No events found</Text>;
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Events">
      {events.data.map((event) => {
        const status = typeof event.data?.status === 'string' ? event.data.status : null;
        return (
          <Paper key={event.id} component="li" withBorder p="sm">
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {formatDateTime(event.created_at)}
                {event.author ? ` · ${event.author}` : ''}
              </Text>
              <Group gap={4}>
                {event.domain && <Badge variant="default">{event.domain}</Badge>}
                {status && (
                  <Badge color={status === 'declined' ? 'red' : 'green'} variant="light">
                    {status}
                  </Badge>
                )}
              </Group>
            </Group>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{event.comment}</Text>
          </Paper>
        );
      })}
    </Stack>
  );
}
