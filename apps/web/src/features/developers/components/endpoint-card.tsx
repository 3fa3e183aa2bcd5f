import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type WebhookEndpointView, WebhookText } from '@portico/contracts/developers/webhooks';
import { useState } from 'react';
import { ConfirmBar } from '../../../components/confirm-bar';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useRollWebhookSecret } from '../api/roll-webhook-secret';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { deliveryOutcomeInWords, endpointStateInWords, eventTypesInWords } from '../utils/developers.utils';
import { SecretOnceBox } from './secret-once-box';

type Asking = 'roll' | 'delete' | null;

// One endpoint: its address, events and state in words, its masked secret, and what may be done to it.
// Rolling the secret and deleting ask first; the new secret shows once, in a modal, until Done.
export function EndpointCard({
  endpoint,
  showMerchant,
}: {
  endpoint: WebhookEndpointView;
  showMerchant: boolean;
}) {
  const [asking, setAsking] = useState<Asking>(null);
  const [rolledSecret, setRolledSecret] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<{ text: string; isDelivered: boolean } | null>(null);
  const testing = useSendWebhookTest();
  const rolling = useRollWebhookSecret();
  const updating = useUpdateWebhookEndpoint();
  const deleting = useDeleteWebhookEndpoint();
  const name = endpoint.url;

  function sendTest() {
    setTestResult(null);
    testing.mutate(endpoint.id, {
      onSuccess: (answer) =>
        setTestResult({ text: deliveryOutcomeInWords(answer), isDelivered: answer.status === 'delivered' }),
      onError: (error) =>
        setTestResult({
          text: apiErrorMessage(error, 'The test event could not be sent.'),
          isDelivered: false,
        }),
    });
  }

  function roll() {
    rolling.mutate(endpoint.id, {
      onSuccess: (answer) => setRolledSecret(answer.signing_secret),
      onError: (error) =>
        void showToast({ text: apiErrorMessage(error, 'The secret could not be rolled.'), type: 'danger' }),
      onSettled: () => setAsking(null),
    });
  }

  function remove() {
    deleting.mutate(endpoint.id, {
      onSuccess: () => void showToast({ text: 'The endpoint was deleted.', type: 'success' }),
      onError: (error) => {
        setAsking(null);
        void showToast({
          text: apiErrorMessage(error, 'The endpoint could not be deleted.'),
          type: 'danger',
        });
      },
    });
  }

  function setEnabled(isEnabled: boolean) {
    updating.mutate(
      { id: endpoint.id, body: { is_enabled: isEnabled } },
      {
        onSuccess: () =>
          void showToast({
            text: isEnabled ? 'The endpoint was enabled.' : 'The endpoint was disabled.',
            type: 'success',
          }),
        onError: (error) =>
          void showToast({
            text: apiErrorMessage(error, 'The endpoint could not be changed.'),
            type: 'danger',
          }),
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Endpoint ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
          <Badge color={endpoint.is_enabled ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {endpoint.is_enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </Group>
        {endpoint.description !== null && <Text size="sm">{endpoint.description}</Text>}
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px' }}>
          {showMerchant && (
            <>
              <Text component="dt" size="sm" c="dimmed">
                Merchant
              </Text>
              <Text component="dd" size="sm" m={0}>
                {endpoint.merchant_name}
              </Text>
            </>
          )}
          <Text component="dt" size="sm" c="dimmed">
            Events
          </Text>
          <Text component="dd" size="sm" m={0}>
            {eventTypesInWords(endpoint.event_types)}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            State
          </Text>
          <Text component="dd" size="sm" m={0}>
            {endpointStateInWords(endpoint)}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            {WebhookText.SecretLabel}
          </Text>
          <Text component="dd" size="sm" m={0} ff="monospace">
            {endpoint.secret}
          </Text>
        </dl>
        {asking === 'roll' ? (
          <ConfirmBar
            message="Make a new signing secret? The old one stops signing deliveries at once."
            confirmLabel="Roll secret"
            isDanger
            isConfirming={rolling.isPending}
            onConfirm={roll}
            onCancel={() => setAsking(null)}
          />
        ) : asking === 'delete' ? (
          <ConfirmBar
            message="Delete this endpoint and its delivery log? It hears no more events."
            confirmLabel="Delete"
            isDanger
            isConfirming={deleting.isPending}
            onConfirm={remove}
            onCancel={() => setAsking(null)}
          />
        ) : (
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="light"
              onClick={sendTest}
              loading={testing.isPending}
              disabled={!endpoint.is_enabled}
              aria-label={`Send test event to ${name}`}
            >
              Send test event
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => setAsking('roll')}
              aria-label={`Roll secret of ${name}`}
            >
              Roll secret
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={updating.isPending}
              onClick={() => setEnabled(!endpoint.is_enabled)}
              aria-label={`${endpoint.is_enabled ? 'Disable' : 'Enable'} ${name}`}
            >
              {endpoint.is_enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => setAsking('delete')}
              aria-label={`Delete ${name}`}
            >
              Delete
            </Button>
          </Group>
        )}
        <div role="status" aria-live="polite">
          {testResult !== null && (
            <Alert color={testResult.isDelivered ? 'green' : 'red'} variant="light" title="Test event">
              {testResult.text}
            </Alert>
          )}
        </div>
      </Stack>
      <Modal isOpen={rolledSecret !== null} title="New signing secret" onClose={() => setRolledSecret(null)}>
        <Text size="sm">{WebhookText.SecretRolled}</Text>
        {rolledSecret !== null && (
          <SecretOnceBox secret={rolledSecret} onDone={() => setRolledSecret(null)} />
        )}
      </Modal>
    </Paper>
  );
}
