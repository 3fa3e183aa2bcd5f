import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type KeyAlgorithm,
  KeyEntryText,
  type KeyState,
  keyAlgorithms,
  keyComponentProblem,
} from '@portico/contracts/access/key-entry';
import { canOpenEnrollPage } from '@portico/contracts/access/permissions';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { portalEnv } from '../../../lib/portal-env';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { useKeyState, useLoadKeyArn, useLoadKeyComponent, useRemoteKeyInjection } from '../api/key-entry';

// /key-entry: staff load key components under dual control,
// read check values, record the key-management key's ARN and derive a device's initial key. Only
// check values ever come back; a failed step's message shows in the result box.
export function KeyEntryPage() {
  const { user } = useSignedInSession();
  const navigate = useNavigate();
  // The rule of Mimic (no restrictions, Permissions granted, or primary client).
  const isAllowed = canOpenEnrollPage(user, portalEnv.primaryClientId);
  const [result, setResult] = useState<string | null>(null);

  useEffect(() => {
    if (isAllowed) return;
    void showToast({ text: KeyEntryText.NoPermission, type: 'danger' });
    void navigate('/', { replace: true });
  }, [isAllowed, navigate]);

  if (!isAllowed) return null;

  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>Key Entry</Title>
      <Text c="dimmed" size="sm">
        A key is formed from two components loaded by two different staff members. Compare each check value
        with the one on your component sheet; the components themselves are never shown again.
      </Text>
      <ComponentForm onResult={setResult} />
      <CurrentKey onResult={setResult} />
      <ArnForm onResult={setResult} />
      <InjectionForm onResult={setResult} />
      <Paper component="section" withBorder p="md" aria-labelledby="key-entry-result">
        <Text id="key-entry-result" fw={600} size="sm">
          Result
        </Text>
        <Text size="sm" role="status" c={result ? 'red.8' : 'dimmed'}>
          {result ?? 'No failed step.'}
        </Text>
      </Paper>
    </Stack>
  );
}

type StepProps = { onResult: (message: string | null) => void };

function ComponentForm({ onResult }: StepProps) {
  const [algorithm, setAlgorithm] = useState<KeyAlgorithm>('TDES');
  const [component, setComponent] = useState('');
  const load = useLoadKeyComponent();
  const typed = component.replace(/\s+/g, '');
  const problem = typed === '' ? null : keyComponentProblem(typed, algorithm);

  function submit(event: FormEvent) {
    event.preventDefault();
    load.mutate(
      { component: typed, algorithm },
      {
        onSuccess: () => {
          onResult(null);
          setComponent('');
          void showToast({ text: KeyEntryText.ComponentLoaded, type: 'success' });
        },
        onError: (error) => {
          onResult(apiErrorMessage(error, KeyEntryText.ComponentFailed));
          void showToast({ text: KeyEntryText.ComponentFailed, type: 'danger' });
        },
      },
    );
  }

  return (
    <Paper component="form" withBorder p="md" onSubmit={submit} aria-labelledby="key-component-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="key-component-heading">
          Key component
        </Title>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="key-algorithm-label">
            Algorithm
          </Text>
          <SegmentedControl
            aria-labelledby="key-algorithm-label"
            value={algorithm}
            onChange={(value) => setAlgorithm(value === 'AES' ? 'AES' : 'TDES')}
            data={keyAlgorithms.map((value) => ({ value, label: value }))}
            w="fit-content"
          />
        </Stack>
        <PasswordInput
          label="Key component"
          description="Hexadecimal; spaces are ignored."
          required
          autoComplete="off"
          spellCheck={false}
          value={component}
          error={problem}
          onChange={(event) => setComponent(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={load.isPending} disabled={typed === '' || problem !== null}>
            Load Key Component
          </Button>
        </Group>
        {load.isSuccess && (
          <Text size="sm" role="status">
            Component check value: <strong>{load.data.component_kcv}</strong>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function CurrentKey({ onResult }: StepProps) {
  const state = useKeyState();
  const { formatDateTime } = useDateTimeFormatters();

  async function refresh() {
    const fetched = await state.refetch();
    if (fetched.isError) {
      onResult(apiErrorMessage(fetched.error, KeyEntryText.KcvFailed));
      void showToast({ text: KeyEntryText.KcvFailed, type: 'danger' });
      return;
    }
    onResult(null);
    void showToast({ text: KeyEntryText.KcvLoaded, type: 'success' });
  }

  return (
    <Paper withBorder p="md" aria-labelledby="current-key-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="current-key-heading">
            Current key
          </Title>
          <Button variant="default" onClick={() => void refresh()} loading={state.isFetching}>
            Get KCV
          </Button>
        </Group>
        {state.data === null && <Text size="sm">No key has been entered yet.</Text>}
        {state.data && <KeySummary state={state.data} formatDateTime={formatDateTime} />}
      </Stack>
    </Paper>
  );
}

function KeySummary({
  state,
  formatDateTime,
}: {
  state: KeyState;
  formatDateTime: (value: string) => string;
}) {
  const status = state.completed_at
    ? `Complete since ${formatDateTime(state.completed_at)}`
    : 'Being entered: waiting for a component from another staff member';
  return (
    <Stack gap="xs">
      <Text size="sm">
        {state.algorithm} key of {state.length_bytes * 8} bits · {status}
      </Text>
      <Text size="sm">
        Key check value: <strong>{state.kcv ?? 'not formed yet'}</strong>
      </Text>
      <Text size="sm">Key-management key: {state.arn ?? 'no ARN loaded'}</Text>
      <Table.ScrollContainer minWidth={420}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Component</Table.Th>
              <Table.Th>Check value</Table.Th>
              <Table.Th>Loaded by</Table.Th>
              <Table.Th>Loaded at</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.components.map((component) => (
              <Table.Tr key={component.position}>
                <Table.Td>{component.position}</Table.Td>
                <Table.Td>{component.kcv}</Table.Td>
                <Table.Td>{component.loaded_by}</Table.Td>
                <Table.Td>{formatDateTime(component.loaded_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function ArnForm({ onResult }: StepProps) {
  const [arn, setArn] = useState('');
  const load = useLoadKeyArn();

  function submit(event: FormEvent) {
    event.preventDefault();
    load.mutate(
      { arn: arn.trim() },
      {
        onSuccess: () => {
          onResult(null);
          void showToast({ text: KeyEntryText.ArnLoaded, type: 'success' });
        },
        onError: (error) => {
          onResult(apiErrorMessage(error, KeyEntryText.ArnFailed));
          void showToast({ text: KeyEntryText.ArnFailed, type: 'danger' });
        },
      },
    );
  }

  return (
    <Paper component="form" withBorder p="md" onSubmit={submit} aria-labelledby="key-arn-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="key-arn-heading">
          Key-management key
        </Title>
        <TextInput
          label="ARN"
          description="The key remote key injection wraps the device key under."
          placeholder="arn:aws:payment-cryptography:region:account:key/id"
          required
          autoComplete="off"
          value={arn}
          onChange={(event) => setArn(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={load.isPending} disabled={arn.trim() === ''}>
            Load ARN
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function InjectionForm({ onResult }: StepProps) {
  const [ksn, setKsn] = useState('');
  const inject = useRemoteKeyInjection();
  const { formatDateTime } = useDateTimeFormatters();

  function submit(event: FormEvent) {
    event.preventDefault();
    inject.mutate(
      { ksn: ksn.trim() },
      {
        onSuccess: () => {
          onResult(null);
          void showToast({ text: KeyEntryText.IpekLoaded, type: 'success' });
        },
        onError: (error) => {
          onResult(apiErrorMessage(error, KeyEntryText.ComponentFailed));
          void showToast({ text: KeyEntryText.ComponentFailed, type: 'danger' });
        },
      },
    );
  }

  return (
    <Paper component="form" withBorder p="md" onSubmit={submit} aria-labelledby="key-injection-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="key-injection-heading">
          Remote key injection
        </Title>
        <TextInput
          label="Key serial number (KSN)"
          description="20 hexadecimal characters, from the device."
          required
          autoComplete="off"
          spellCheck={false}
          value={ksn}
          onChange={(event) => setKsn(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={inject.isPending} disabled={ksn.trim() === ''}>
            Inject Key
          </Button>
        </Group>
        {inject.isSuccess && (
          <Alert color="green" title="Initial key derived" role="status">
            KSN {inject.data.ksn}: IPEK check value <strong>{inject.data.ipek_kcv}</strong> under BDK{' '}
            {inject.data.bdk_kcv}, wrapped for {inject.data.arn} at {formatDateTime(inject.data.injected_at)}.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
