import { Alert, Button, Code, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type ApiKeyRecord,
  ApiKeysText,
  graceDaysLabel,
  type RolledSecretKey,
  secretKeyGraceDayChoices,
} from '@portico/contracts/virtual-terminals/api-keys';
import { useState } from 'react';
import { ConfirmBar } from '../../../components/confirm-bar';
import { Modal } from '../../../components/modal';
import { apiErrorMessage } from '../../../lib/api-client';
import { useRevealSecretKey } from '../api/reveal-secret-key';
import { useRollSecretKey } from '../api/roll-secret-key';

const graceOptions = secretKeyGraceDayChoices.map((days) => ({
  value: String(days),
  label: graceDaysLabel(days),
}));

// The keys of the merchants the caller runs the terminal for. The server answers the secret key
// masked, and only where the caller may read it: only those rows show it, with Reveal (the full key,
// asked for on purpose and audited by the server) and a roll.
export function ApiKeysCard({ records }: { records: readonly ApiKeyRecord[] }) {
  const [rolling, setRolling] = useState<ApiKeyRecord | null>(null);
  if (records.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" aria-label={ApiKeysText.Title} role="region">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {ApiKeysText.Title}
        </Title>
        {records.map((record) => (
          <Stack key={record.id} gap={4} aria-label={record.name} role="group">
            <Text fw={600}>{record.name}</Text>
            <Text size="sm">
              {ApiKeysText.PublicKey}: <Code>{record.public_key}</Code>
            </Text>
            {record.apikey !== null && (
              // Keyed by the masked key: a rolled key hides what was revealed of the old one.
              <SecretKeyRow
                key={record.apikey}
                record={record}
                maskedKey={record.apikey}
                onRoll={() => setRolling(record)}
              />
            )}
          </Stack>
        ))}
      </Stack>
      <RollSecretKeyModal record={rolling} onClose={() => setRolling(null)} />
    </Paper>
  );
}

// The masked secret key; Reveal asks the server for the full key and shows it until Hide. One
// button toggles and is never disabled, so keyboard focus stays on it.
function SecretKeyRow({
  record,
  maskedKey,
  onRoll,
}: {
  record: ApiKeyRecord;
  maskedKey: string;
  onRoll: () => void;
}) {
  const reveal = useRevealSecretKey();
  const revealed = reveal.data?.apikey ?? null;
  const toggle = () => {
    if (reveal.isPending) return;
    if (revealed !== null) reveal.reset();
    else reveal.mutate({ client_id: record.id });
  };
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Text size="sm">
          {ApiKeysText.SecretKey}: <Code>{revealed ?? maskedKey}</Code>
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          onClick={toggle}
          aria-busy={reveal.isPending}
          aria-label={`${revealed !== null ? ApiKeysText.Hide : ApiKeysText.Reveal} ${ApiKeysText.SecretKey} of ${record.name}`}
        >
          {revealed !== null ? ApiKeysText.Hide : ApiKeysText.Reveal}
        </Button>
        <Button size="compact-sm" variant="light" onClick={onRoll}>
          {ApiKeysText.Roll}
        </Button>
      </Group>
      {reveal.isError && (
        <Text size="sm" c="red" role="alert">
          {apiErrorMessage(reveal.error, 'The key could not be revealed.')}
        </Text>
      )}
    </Stack>
  );
}

// Choose the grace period, confirm, then see the new key: the only time it is shown.
function RollSecretKeyModal({ record, onClose }: { record: ApiKeyRecord | null; onClose: () => void }) {
  const roll = useRollSecretKey();
  const [graceDays, setGraceDays] = useState('1');
  const [isConfirming, setIsConfirming] = useState(false);
  const [rolled, setRolled] = useState<RolledSecretKey | null>(null);
  const reset = () => {
    setGraceDays('1');
    setIsConfirming(false);
    setRolled(null);
    roll.reset();
  };
  const submit = () => {
    if (record === null) return;
    roll.mutate(
      { client_id: record.id, grace_days: Number(graceDays) },
      { onSuccess: (answer) => setRolled(answer), onSettled: () => setIsConfirming(false) },
    );
  };
  return (
    <Modal
      isOpen={record !== null}
      title={`${ApiKeysText.Roll}: ${record?.name ?? ''}`}
      onClose={onClose}
      onHidden={reset}
    >
      {rolled !== null ? (
        <Stack gap="sm">
          <Alert color="green">{ApiKeysText.Rolled}</Alert>
          <Text size="sm">{ApiKeysText.NewKeyShownOnce}</Text>
          <Code block aria-label="New secret key">
            {rolled.apikey}
          </Code>
          {rolled.previous_key_expires_at !== null && (
            <Text size="sm">
              The old key works until {new Date(rolled.previous_key_expires_at).toLocaleString()}.
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <NativeSelect
            label={ApiKeysText.GracePeriod}
            data={graceOptions}
            value={graceDays}
            onChange={(event) => setGraceDays(event.currentTarget.value)}
          />
          {roll.isError && (
            <Alert color="red">{apiErrorMessage(roll.error, 'The key could not be rolled.')}</Alert>
          )}
          {isConfirming ? (
            <ConfirmBar
              message="Roll the secret key? Apps using the old key must change to the new one."
              confirmLabel={ApiKeysText.Confirm}
              isDanger
              isConfirming={roll.isPending}
              onConfirm={submit}
              onCancel={() => setIsConfirming(false)}
            />
          ) : (
            <Group justify="flex-end">
              <Button onClick={() => setIsConfirming(true)}>{ApiKeysText.Roll}</Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
