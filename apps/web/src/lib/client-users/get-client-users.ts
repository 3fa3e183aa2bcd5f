import { type ClientUserEntry, clientUsersResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

// One key for an account's users and contacts: the account page and the enrollment page read the same
// list, and adding someone from either page refreshes it.
export const clientUserKeys = {
  all: ['client-users'] as const,
  ofClient: (clientId: string) => [...clientUserKeys.all, clientId] as const,
};

// GET /api/client/users?id={clientid}: entries whose fourth element is the user.
export function getClientUsers(clientId: string, signal?: AbortSignal): Promise<ClientUserEntry[]> {
  return apiRequest('/api/client/users', {
    schema: clientUsersResponse.shape.message,
    query: { id: clientId },
    signal,
  });
}

export function clientUsersQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: clientUserKeys.ofClient(clientId),
    queryFn: ({ signal }) => getClientUsers(clientId, signal),
  });
}

export function useClientUsers(clientId: string) {
  return useQuery(clientUsersQueryOptions(clientId));
}
