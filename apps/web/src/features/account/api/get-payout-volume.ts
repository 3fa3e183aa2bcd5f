import { payoutVolumeResponse } from '@portico/contracts/clients/account-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

// Monthly Payout Volume: months as YYYY-MM with 2-decimal totals.
export function getPayoutVolume(clientId: string, signal?: AbortSignal) {
  return apiRequest(`/api/account/${clientId}/payout-volume`, {
    schema: payoutVolumeResponse.shape.message,
    signal,
  });
}

export function payoutVolumeQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: accountKeys.payoutVolume(clientId),
    queryFn: ({ signal }) => getPayoutVolume(clientId, signal),
  });
}

export function usePayoutVolume(clientId: string) {
  return useQuery(payoutVolumeQueryOptions(clientId));
}
