import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { booleanParser } from '../../../lib/response-parsers';
import { authKeys } from './keys';

// POST /authenticated: whether the session cookie names a live session (never a 401). Asked by the
// router guard, so it is parsed by hand: the sign-in pages load without zod.
export function postAuthenticated({ signal }: { signal?: AbortSignal } = {}): Promise<boolean> {
  return apiRequest('/authenticated', { method: 'POST', schema: booleanParser, signal });
}

export function authenticatedQueryOptions() {
  return queryOptions({
    queryKey: authKeys.authenticated(),
    queryFn: ({ signal }) => postAuthenticated({ signal }),
    staleTime: 0,
    retry: false,
  });
}

export function useAuthenticated() {
  return useQuery(authenticatedQueryOptions());
}
