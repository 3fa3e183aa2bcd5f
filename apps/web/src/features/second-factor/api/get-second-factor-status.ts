import { type SecondFactorStatus, secondFactorStatus } from '@portico/contracts/auth/second-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { secondFactorKeys } from './keys';

// GET /api/second-factor: whether the caller's authenticator app is set up.
export function getSecondFactorStatus({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<SecondFactorStatus> {
  return apiRequest('/api/second-factor', { schema: secondFactorStatus, signal });
}

export function secondFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: secondFactorKeys.status(),
    queryFn: ({ signal }) => getSecondFactorStatus({ signal }),
  });
}

export function useSecondFactorStatus() {
  return useQuery(secondFactorStatusQueryOptions());
}
