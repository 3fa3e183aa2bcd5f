import { type MimicState, mimicStateResponse } from '@portico/contracts/access/mimic';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mimicKeys } from './keys';

// GET /api/mimic/session: whether this session mimics a user (the banner of every page).
export function getMimicSession({ signal }: { signal?: AbortSignal } = {}): Promise<MimicState> {
  return apiRequest('/api/mimic/session', { schema: mimicStateResponse.shape.message, signal });
}

export function mimicSessionQueryOptions() {
  return queryOptions({
    queryKey: mimicKeys.session(),
    queryFn: ({ signal }) => getMimicSession({ signal }),
    // A session becomes a mimic one only through a page load (the link, Stop): no refetching.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMimicSession() {
  return useQuery(mimicSessionQueryOptions());
}
