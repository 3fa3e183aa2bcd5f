import { type JobRunRow, jobRunsResponse } from '@portico/contracts/jobs/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const jobRunsKeys = {
  all: ['job-runs'] as const,
  list: (onlyFailures: boolean) => [...jobRunsKeys.all, { onlyFailures }] as const,
};

// GET /api/jobs/runs: the runner's newest runs, or only failures and retries waiting.
export function getJobRuns(
  onlyFailures: boolean,
  { signal }: { signal?: AbortSignal } = {},
): Promise<JobRunRow[]> {
  return apiRequest('/api/jobs/runs', {
    query: onlyFailures ? { failures: 'true' } : {},
    schema: jobRunsResponse.shape.message,
    signal,
  }).then((message) => message.runs);
}

export function useJobRuns(onlyFailures: boolean) {
  return useQuery(
    queryOptions({
      queryKey: jobRunsKeys.list(onlyFailures),
      queryFn: ({ signal }) => getJobRuns(onlyFailures, { signal }),
    }),
  );
}
