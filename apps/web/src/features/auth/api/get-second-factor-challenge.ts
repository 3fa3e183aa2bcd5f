import { challengeInfo } from '@portico/contracts/auth/second-factor';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

// GET /api/second-factor/challenge: the sign-in waiting for its code; null when there is none (401).
export async function getSecondFactorChallenge({ signal }: { signal?: AbortSignal } = {}) {
  try {
    return await apiRequest('/api/second-factor/challenge', { schema: challengeInfo, signal });
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) return null;
    throw error;
  }
}

export function useSecondFactorChallenge() {
  return useQuery({
    queryKey: authKeys.secondFactorChallenge(),
    queryFn: ({ signal }) => getSecondFactorChallenge({ signal }),
    staleTime: 0,
    // A challenge is never shown from the cache: the next sign-in asks afresh.
    gcTime: 0,
    retry: false,
    // Read once per visit: a first second factor set up here finishes the sign-in while the page still
    // shows its recovery codes, and a refetch then would find no waiting sign-in.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
