import {
  type ClientParentOption,
  clientParentsResponse,
} from '@portico/contracts/enrollment/enrollment-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { enrollmentActionsKeys } from './enrollment-actions-keys';

// GET /api/client/parent: the parents the signed-in staff may assign, by legal name.
export function getClientParents(signal?: AbortSignal): Promise<ClientParentOption[]> {
  return apiRequest('/api/client/parent', { schema: clientParentsResponse.shape.message, signal });
}

export function clientParentsQueryOptions() {
  return queryOptions({
    queryKey: enrollmentActionsKeys.parents(),
    queryFn: ({ signal }) => getClientParents(signal),
  });
}

export function useClientParents() {
  return useQuery(clientParentsQueryOptions());
}
