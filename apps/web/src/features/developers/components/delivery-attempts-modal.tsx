import { Alert, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import {
  type WebhookDeliveryRow,
  webhookDeliveryStatusLabels,
  webhookEventLabel,
} from '@portico/contracts/developers/webhooks';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { apiErrorMessage } from '../../../lib/api-client';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { deliveryOutcomeInWords, durationInWords, responseExcerptInWords } from '../utils/developers.utils';

type DeliveryAttemptsModalProps = { delivery: WebhookDeliveryRow | null; onClose: () => void };

// One delivery of the log: every attempt (time in the user's zone, status code, duration, the first
// 2 kB of the answer) and Resend, which posts the same event again now.
export function DeliveryAttemptsModal({ delivery, onClose }: DeliveryAttemptsModalProps) {
  const { formatDateTime } = useDateTimeFormatters();
  const resending = useResendWebhookDelivery();
  const [result, setResult] = useState<string | null>(null);

  function resend(id: string) {
    setResult(null);
    resending.mutate(id, {
      onSuccess: (answer) =>
        setResult(
          answer === null
            ? 'An earlier event of the same object is still waiting; this one goes right after it.'
            : deliveryOutcomeInWords(answer),
        ),
      onError: (error) => setResult(apiErrorMessage(error, 'The event could not be sent again.')),
    });
  }

  const title =
    delivery === null
      ? 'Delivery'
      : `${webhookEventLabel(delivery.event_type)}: ${webhookDeliveryStatusLabels[delivery.status]}`;
  return (
    <Modal
      isOpen={delivery !== null}
      title={title}
      onClose={onClose}
      onHidden={() => {
        setResult(null);
        resending.reset();
      }}
      isLarge
    >
      {delivery !== null && (
        <Stack gap="sm">
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            To {delivery.endpoint_url}, for {delivery.merchant_name}. Event of{' '}
            {formatDateTime(delivery.event_created_at)}.
          </Text>
          {delivery.attempt_log.length === 0 ? (
            <Text size="sm">Not attempted yet.</Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table aria-label="Attempts" verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Status code</Table.Th>
                    <Table.Th>Duration</Table.Th>
                    <Table.Th>Answer</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {delivery.attempt_log.map((attempt) => (
                    <Table.Tr key={attempt.attempted_at}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(attempt.attempted_at)}
                      </Table.Td>
                      <Table.Td>{attempt.status_code ?? 'No answer'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {durationInWords(attempt.duration_ms)}
                      </Table.Td>
                      <Table.Td>
                        {attempt.error !== null && <Text size="sm">{attempt.error}</Text>}
                        {attempt.status_code !== null && (
                          <Code
                            block
                            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 200 }}
                          >
                            {responseExcerptInWords(attempt.response_excerpt)}
                          </Code>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <div role="status" aria-live="polite">
            {result !== null && (
              <Alert color={resending.isError ? 'red' : 'blue'} variant="light">
                {result}
              </Alert>
            )}
          </div>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => resend(delivery.id)} loading={resending.isPending}>
              Resend
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
