import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  type WebhookEventType,
  WebhookText,
  webhookEventLabel,
  webhookUrlProblem,
} from '@portico/contracts/developers/webhooks';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/modal';
import { apiErrorMessage } from '../../../lib/api-client';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { webhookEventGroups } from '../utils/developers.utils';
import { SecretOnceBox } from './secret-once-box';

type AddEndpointModalProps = { merchantId: string; isOpen: boolean; onClose: () => void };

// Add endpoint: the address, a description and the events, checked by group; once made, the signing
// secret shows in this modal, once, until Done.
export function AddEndpointModal({ merchantId, isOpen, onClose }: AddEndpointModalProps) {
  const creating = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  function reset() {
    setUrl('');
    setDescription('');
    setTypes([]);
    setProblem(null);
    setSecret(null);
    creating.reset();
  }

  function close() {
    // The secret leaves the page with the modal.
    setSecret(null);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // https is checked by the server, which allows plain http where it runs for development.
    const urlProblem = webhookUrlProblem(url.trim(), { allowPlainHttp: true });
    const nextProblem = urlProblem ?? (types.length === 0 ? WebhookText.EventTypesRequired : null);
    setProblem(nextProblem);
    if (nextProblem !== null) return;
    creating.mutate(
      {
        merchant_id: merchantId,
        url: url.trim(),
        event_types: types,
        ...(description.trim() === '' ? {} : { description: description.trim() }),
      },
      { onSuccess: (answer) => setSecret(answer.signing_secret) },
    );
  }

  function chooseInGroup(groupTypes: readonly WebhookEventType[], values: readonly string[]) {
    setTypes((current) => [
      ...current.filter((type) => !groupTypes.includes(type)),
      ...groupTypes.filter((type) => values.includes(type)),
    ]);
  }

  return (
    <Modal isOpen={isOpen} title={WebhookText.AddEndpoint} onClose={close} onHidden={reset} isLarge>
      {secret !== null ? (
        <Stack gap="sm">
          <Text size="sm">The endpoint was added. It hears the events you chose from now on.</Text>
          <SecretOnceBox secret={secret} onDone={close} />
        </Stack>
      ) : (
        <form onSubmit={submit} aria-label={WebhookText.AddEndpoint} noValidate>
          <Stack gap="md">
            <TextInput
              label="Endpoint address"
              description="Where Portico posts the events, beginning with https://"
              placeholder="https://example.com/webhooks/portico"
              required
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
            />
            <TextInput
              label="Description"
              description="Optional: what this endpoint is for"
              maxLength={200}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
            {webhookEventGroups.map((group) => (
              <Checkbox.Group
                key={group.title}
                label={group.title}
                value={types.filter((type) => group.types.includes(type))}
                onChange={(values) => chooseInGroup(group.types, values)}
              >
                <Group gap="md" mt={6} wrap="wrap">
                  {group.types.map((type) => (
                    <Checkbox key={type} value={type} label={webhookEventLabel(type)} />
                  ))}
                </Group>
              </Checkbox.Group>
            ))}
            {problem !== null && (
              <Text c="red.8" size="sm" role="alert">
                {problem}
              </Text>
            )}
            {creating.isError && (
              <Alert color="red" role="alert">
                {apiErrorMessage(creating.error, 'The endpoint could not be added.')}
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={creating.isPending}>
                {WebhookText.AddEndpoint}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
