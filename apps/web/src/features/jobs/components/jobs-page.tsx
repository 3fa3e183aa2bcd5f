import { Button, Group, Paper, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { jobLabel, jobRunStatusLabels } from '@portico/contracts/jobs/jobs';
import { useState } from 'react';
import { ConfirmBar } from '../../../components/confirm-bar';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useJobRuns, useRunJobNow } from '../api/get-job-runs';
import { jobRunsColumns } from '../utils/job-runs-columns.utils';

// /jobs (staff): the job runner's recent runs, or only its failures and the
// retries waiting, newest first; times in the user's zone, named.
export function JobsPage() {
  const timeZone = useUserTimeZone();
  const [onlyFailures, setOnlyFailures] = useState(false);
  const runs = useJobRuns(onlyFailures);
  const rows = runs.data?.runs ?? [];
  const jobs = runs.data?.jobs ?? [];
  const errorText =
    runs.error === null
      ? null
      : runs.error instanceof ApiError
        ? runs.error.message
        : 'The job runs could not be loaded.';

  return (
    <Stack gap="md">
      <Title order={1}>Jobs</Title>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Switch
          label="Only failures and retries waiting"
          checked={onlyFailures}
          onChange={(event) => setOnlyFailures(event.currentTarget.checked)}
        />
        <Text size="sm" role="status" aria-live="polite">
          {runs.isPending ? 'Loading…' : `${rows.length} runs, newest first`}
        </Text>
      </Group>
      {jobs.length > 0 && <RunNowTable jobs={jobs} />}
      {!runs.isPending && errorText === null && rows.length === 0 ? (
        <Text role="status">{onlyFailures ? 'No failed runs.' : 'No job has run yet.'}</Text>
      ) : (
        <DataGrid
          ariaLabel="Job runs"
          columns={jobRunsColumns}
          rows={rows}
          getRowId={(row) => row.id}
          isLoading={runs.isPending}
          error={errorText}
          onRefresh={() => void runs.refetch()}
          timeZone={timeZone}
          height="max(480px, calc(100vh - 260px))"
          showGroupPanel={false}
          exportFileName="Jobs.xlsx"
        />
      )}
    </Stack>
  );
}

// Staff run a job once now (as its schedule would), after a confirm; the toast says how it ended.
function RunNowTable({ jobs }: { jobs: string[] }) {
  const running = useRunJobNow();
  const [asking, setAsking] = useState<string | null>(null);

  function run(name: string) {
    running.mutate(name, {
      onSuccess: (result) =>
        void showToast({
          text: `${jobLabel(name)}: ${jobRunStatusLabels[result.status]}`,
          type: result.status === 'succeeded' ? 'success' : 'danger',
        }),
      onError: (error) =>
        void showToast({
          text: error instanceof ApiError ? error.message : `${jobLabel(name)} could not be run.`,
          type: 'danger',
        }),
      onSettled: () => setAsking(null),
    });
  }

  return (
    <Paper withBorder radius="md" p="sm">
      <Table aria-label="Jobs" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>
              <VisuallyHidden>Run now</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((name) => (
            <Table.Tr key={name}>
              <Table.Td>{jobLabel(name)}</Table.Td>
              <Table.Td>
                {asking === name ? (
                  <ConfirmBar
                    message={`Run ${jobLabel(name)} now?`}
                    confirmLabel="Run now"
                    onConfirm={() => run(name)}
                    onCancel={() => setAsking(null)}
                    isConfirming={running.isPending}
                  />
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Run ${jobLabel(name)} now`}
                    disabled={running.isPending}
                    onClick={() => setAsking(name)}
                  >
                    Run now
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
