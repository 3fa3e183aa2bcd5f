import { type ClientListRow, clientListResponse } from '@portico/contracts/clients/client-lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantsKeys } from './keys';

// GET /api/portal/clients: the Admin Accounts list, as client list rows.
export function getClientList({ signal }: { signal?: AbortSignal } = {}): Promise<ClientListRow[]> {
  return apiRequest('/api/portal/clients', { schema: clientListResponse.shape.message, signal });
}

export function clientListQueryOptions() {
  return queryOptions({
    queryKey: merchantsKeys.clientList(),
    queryFn: ({ signal }) => getClientList({ signal }),
  });
}

export function useClientList() {
  return useQuery(clientListQueryOptions());
}
