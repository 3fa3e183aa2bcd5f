import { jobRunNowResponse, jobRunsResponse } from '@portico/contracts/jobs/jobs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const jobRunsKeys = {
  all: ['job-runs'] as const,
  list: (onlyFailures: boolean) => [...jobRunsKeys.all, { onlyFailures }] as const,
};

const jobRunsAnswer = jobRunsResponse.shape.message;

// GET /api/jobs/runs: the runner's newest runs, or only failures and retries waiting, and the names
// of the jobs this build registers.
export function getJobRuns(onlyFailures: boolean, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/jobs/runs', {
    query: onlyFailures ? { failures: 'true' } : {},
    schema: jobRunsAnswer,
    signal,
  });
}

export function useJobRuns(onlyFailures: boolean) {
  return useQuery(
    queryOptions({
      queryKey: jobRunsKeys.list(onlyFailures),
      queryFn: ({ signal }) => getJobRuns(onlyFailures, { signal }),
    }),
  );
}

// POST /api/jobs/{name}/run: the job runs once now; the answer is its run once it ended.
export function runJobNow(name: string) {
  return apiRequest(`/api/jobs/${encodeURIComponent(name)}/run`, {
    method: 'POST',
    schema: jobRunNowResponse.shape.message,
  }).then((message) => message.run);
}

// The runs list is read again whatever the answer: a failed run shows there too.
export function useRunJobNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runJobNow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobRunsKeys.all }),
  });
}
