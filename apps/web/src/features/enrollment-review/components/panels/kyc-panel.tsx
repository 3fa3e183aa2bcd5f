// Props of every panel here:
// - enrollmentId: the enrollment the page shows.
// - onChanged (Run and Manage only): asks the page to refetch after a run changed the record.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  EnrollmentActionText,
  type KycLogEntry,
  type KycView,
} from '@portico/contracts/enrollment/enrollment-actions';
import { NoteText, sortNotesNewestFirst } from '@portico/contracts/notes/notes';
import { useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../../../components/toasts';
import { formatDateTime } from '../../../../lib/time-zone/date-time-format';
import { useUserTimeZone } from '../../../../lib/time-zone/get-time-zone';
import { useKyc } from '../../api/get-kyc';
import { useRunKyc } from '../../api/run-kyc';
import { actionFailureText, kycStatusColor, kycStatusLabel } from '../../utils/enrollment-actions.utils';

type RunKycPanelProps = { enrollmentId: string; onChanged?: () => void };
type KycViewPanelProps = { enrollmentId: string };

// Run KYC: the provider checks the business and its owners; 'KYC Run!' only when the
// run was recorded (the original toasted without looking at the answer).
export function RunKycPanel({ enrollmentId, onChanged }: RunKycPanelProps) {
  const run = useRunKyc(enrollmentId);
  const [failure, setFailure] = useState<string | null>(null);

  function submit() {
    setFailure(null);
    run.mutate(undefined, {
      onSuccess: () => {
        void showToast({ text: EnrollmentActionText.KycRun, type: 'success' });
        onChanged?.();
      },
      onError: (error) => setFailure(actionFailureText(error)),
    });
  }

  return (
    <Stack gap="sm">
      <Text size="sm">Checks the business and each owner with the KYC provider and records the result.</Text>
      {run.data && (
        <Group gap="xs">
          <Text size="sm">Result:</Text>
          <Badge color={kycStatusColor(run.data.kyc_status)} aria-label="KYC result">
            {kycStatusLabel(run.data.kyc_status)}
          </Badge>
        </Group>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} loading={run.isPending}>
          Run KYC
        </Button>
      </Group>
    </Stack>
  );
}

function KycChecks({ entry }: { entry: KycLogEntry }) {
  return (
    <Table withTableBorder aria-label="KYC checks">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Check</Table.Th>
          <Table.Th>Result</Table.Th>
          <Table.Th>Reason</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entry.checks.map((check) => (
          <Table.Tr key={check.subject}>
            <Table.Td>{check.subject}</Table.Td>
            <Table.Td>{kycStatusLabel(check.outcome)}</Table.Td>
            <Table.Td>{check.reason}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

// Loading, error, then the view: the state every KYC panel renders first.
function useKycState(enrollmentId: string) {
  const kyc = useKyc(enrollmentId);
  if (kyc.isPending) return { kind: 'loading' as const };
  if (kyc.isError) return { kind: 'error' as const, retry: () => void kyc.refetch() };
  return { kind: 'ready' as const, view: kyc.data };
}

function KycLoadFailure({ retry }: { retry: () => void }) {
  return (
    <Alert color="red" title={NoteText.Failed}>
      <Button size="xs" variant="light" onClick={retry}>
        Retry
      </Button>
    </Alert>
  );
}

function KycSummary({ view, timeZone }: { view: KycView; timeZone: string }) {
  const [latest] = sortNotesNewestFirst(view.entries);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">Status:</Text>
        <Badge color={kycStatusColor(view.kyc_status)} aria-label="KYC status">
          {kycStatusLabel(view.kyc_status)}
        </Badge>
      </Group>
      {view.kyc_checked_at ? (
        <Text size="sm">Checked {formatDateTime(view.kyc_checked_at, timeZone)}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          KYC has not been run.
        </Text>
      )}
      {latest && (
        <>
          <Text size="xs" c="dimmed">
            {latest.provider} reference {latest.reference}
          </Text>
          <KycChecks entry={latest} />
        </>
      )}
    </Stack>
  );
}

// View KYC: the status, when it was checked, and the checks of the latest run.
export function ViewKycPanel({ enrollmentId }: KycViewPanelProps) {
  const state = useKycState(enrollmentId);
  const timeZone = useUserTimeZone();
  if (state.kind === 'loading') return <Loader size="sm" aria-label="Loading KYC" />;
  if (state.kind === 'error') return <KycLoadFailure retry={state.retry} />;
  return <KycSummary view={state.view} timeZone={timeZone} />;
}

function KycLogList({ entries, timeZone }: { entries: readonly KycLogEntry[]; timeZone: string }) {
  if (entries.length === 0) return <Text c="dimmed">{NoteText.Empty}</Text>;
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="KYC log">
      {sortNotesNewestFirst(entries).map((entry) => (
        <Paper key={entry.id} component="li" withBorder p="sm">
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.created_at, timeZone)}
              {entry.author ? ` · ${entry.author}` : ''}
            </Text>
            <Badge size="sm" color={kycStatusColor(entry.status)}>
              {kycStatusLabel(entry.status)}
            </Badge>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {entry.comment}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

// KYC Log: every run (the enrollment's KYC notes), newest first.
export function KycLogPanel({ enrollmentId }: KycViewPanelProps) {
  const state = useKycState(enrollmentId);
  const timeZone = useUserTimeZone();
  if (state.kind === 'loading') return <Loader size="sm" aria-label="Loading KYC log" />;
  if (state.kind === 'error') return <KycLoadFailure retry={state.retry} />;
  return <KycLogList entries={state.view.entries} timeZone={timeZone} />;
}

// Manage KYC ('KYC Actions'): run, the current result and the log in one panel.
export function ManageKycPanel({ enrollmentId, onChanged }: RunKycPanelProps) {
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/report/kyc/${encodeURIComponent(enrollmentId)}`} size="sm">
        Open the KYC report
      </Anchor>
      <RunKycPanel enrollmentId={enrollmentId} onChanged={onChanged} />
      <Divider />
      <Title order={4}>View KYC</Title>
      <ViewKycPanel enrollmentId={enrollmentId} />
      <Divider />
      <Title order={4}>KYC Log</Title>
      <KycLogPanel enrollmentId={enrollmentId} />
    </Stack>
  );
}
