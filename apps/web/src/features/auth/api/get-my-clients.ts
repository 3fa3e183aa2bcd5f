import { type MyClient, myClientsResponse } from '@portico/contracts/auth/my-clients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

const myClientsSchema = myClientsResponse.shape.message;

// GET /api/client/my-clients: the merchants the signed-in user may act for.
export function getMyClients({ signal }: { signal?: AbortSignal } = {}): Promise<MyClient[]> {
  return apiRequest('/api/client/my-clients', { schema: myClientsSchema, signal });
}

export function myClientsQueryOptions() {
  return queryOptions({
    queryKey: authKeys.myClients(),
    queryFn: ({ signal }) => getMyClients({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useMyClients() {
  return useQuery(myClientsQueryOptions());
}
