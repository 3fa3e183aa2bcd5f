import {
  type EnablementState,
  enablementStateResponse,
} from '@portico/contracts/processor-enablement/processor-enablement';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountDataKeys } from './keys';

// GET /api/processor-enablement?id={clientid}: which processors the merchant is enabled at.
export function getEnablementState(
  clientId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<EnablementState> {
  return apiRequest('/api/processor-enablement', {
    schema: enablementStateResponse.shape.message,
    query: { id: clientId },
    signal,
  });
}

export function enablementStateQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: accountDataKeys.enablement(clientId),
    queryFn: ({ signal }) => getEnablementState(clientId, { signal }),
  });
}

export function useEnablementState(clientId: string) {
  return useQuery(enablementStateQueryOptions(clientId));
}
