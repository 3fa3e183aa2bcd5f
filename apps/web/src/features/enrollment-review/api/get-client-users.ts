import { type ClientUserEntry, clientUsersResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { enrollmentActionsKeys } from './enrollment-actions-keys';

// GET /api/client/users?id={clientid}: entries whose fourth element is the user (spec 2 §7).
export function getClientUsers(clientId: string, signal?: AbortSignal): Promise<ClientUserEntry[]> {
  return apiRequest('/api/client/users', {
    schema: clientUsersResponse.shape.message,
    query: { id: clientId },
    signal,
  });
}

export function clientUsersQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: enrollmentActionsKeys.users(clientId),
    queryFn: ({ signal }) => getClientUsers(clientId, signal),
  });
}

export function useClientUsers(clientId: string | null) {
  return useQuery({ ...clientUsersQueryOptions(clientId ?? ''), enabled: clientId !== null });
}
