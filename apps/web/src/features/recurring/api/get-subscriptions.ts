import { subscriptionListResponse } from '@portico/contracts/subscriptions/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recurringKeys } from './keys';

// GET /api/subscription?clientid={id}: the merchant's series; no id: the caller's own.
export function getSubscriptions(clientId: string | null, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/subscription', {
    query: { clientid: clientId ?? undefined },
    schema: subscriptionListResponse.shape.message,
    signal,
  });
}

export const subscriptionsQueryOptions = (clientId: string | null) =>
  queryOptions({
    queryKey: recurringKeys.series(clientId),
    queryFn: ({ signal }) => getSubscriptions(clientId, { signal }),
  });

export function useSubscriptions(clientId: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...subscriptionsQueryOptions(clientId), enabled });
}
