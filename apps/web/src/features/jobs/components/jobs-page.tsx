import { Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { ApiError } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useJobRuns } from '../api/get-job-runs';
import { jobRunsColumns } from '../utils/job-runs-columns.utils';

// /jobs (issue 17 item 8, staff): the job runner's recent runs, or only its failures and the
// retries waiting, newest first; times in the user's zone, named.
export function JobsPage() {
  const timeZone = useUserTimeZone();
  const [onlyFailures, setOnlyFailures] = useState(false);
  const runs = useJobRuns(onlyFailures);
  const rows = runs.data ?? [];
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
