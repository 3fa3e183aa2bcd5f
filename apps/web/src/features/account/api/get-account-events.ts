import { type AccountEvent, accountEventsResponse } from '@portico/contracts/clients/account-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

// GET /api/account/{clientid}/events: the account's changes from the audit log, newest first.
export function getAccountEvents(clientId: string, signal?: AbortSignal): Promise<AccountEvent[]> {
  return apiRequest(`/api/account/${clientId}/events`, {
    schema: accountEventsResponse.shape.message,
    signal,
  });
}

export function accountEventsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: accountKeys.events(clientId),
    queryFn: ({ signal }) => getAccountEvents(clientId, signal),
  });
}

export function useAccountEvents(clientId: string) {
  return useQuery(accountEventsQueryOptions(clientId));
}
