import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { auditActionLabel } from '@portico/contracts/audit/audit-log';
import { AccountText } from '@portico/contracts/clients/account-detail';
import { useDateTimeFormatters } from '../../../../lib/time-zone/date-time-format';
import { useAccountEvents } from '../../api/get-account-events';

// Every change of the account from the audit log: who, when, which fields, old and
// new value (masked for sensitive fields by the server).
export function EventsPanel({ clientId }: { clientId: string }) {
  const events = useAccountEvents(clientId);
  const { formatDateTime, timeZone } = useDateTimeFormatters();
  if (events.isPending) return <Loader aria-label="Loading events" />;
  if (events.isError) return <Alert color="red">{events.error.message}</Alert>;
  if (events.data.length === 0) return <Text c="dimmed">{AccountText.NoEvents}</Text>;
  return (
    <Stack gap="md">
      <Text size="xs" c="dimmed">
        Times in {timeZone}
      </Text>
      {events.data.map((event) => (
        <Stack key={event.id} gap={4} data-testid="account-event">
          <Text size="sm" fw={600}>
            {auditActionLabel(event.action)} · {formatDateTime(event.created_at)} · {event.actor ?? 'system'}
          </Text>
          {event.changes.length > 0 && (
            <Table withTableBorder striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Old value</Table.Th>
                  <Table.Th>New value</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {event.changes.map((change) => (
                  <Table.Tr key={change.field}>
                    <Table.Td>{change.label}</Table.Td>
                    <Table.Td>{change.old ?? '—'}</Table.Td>
                    <Table.Td>{change.new ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
