import { seriesChargeLocationsResponse } from '@portico/contracts/subscriptions/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recurringKeys } from './keys';

// GET /api/subscription/charge-locations?subscription_id=: where a location-tied user may record a
// charge now of this series, and the location used when none is chosen.
export function getChargeLocations(subscriptionId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/subscription/charge-locations', {
    query: { subscription_id: subscriptionId },
    schema: seriesChargeLocationsResponse.shape.message,
    signal,
  });
}

export const chargeLocationsQueryOptions = (subscriptionId: string) =>
  queryOptions({
    queryKey: recurringKeys.chargeLocations(subscriptionId),
    queryFn: ({ signal }) => getChargeLocations(subscriptionId, { signal }),
  });

export function useChargeLocations(subscriptionId: string) {
  return useQuery(chargeLocationsQueryOptions(subscriptionId));
}
