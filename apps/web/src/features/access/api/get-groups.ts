import { groupsResponse } from '@portico/contracts/access/rbac-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// GET /api/rbac/{id}/groups: the merchant and the clients below it, which a membership may name.
export function getGroups(clientId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/rbac/${encodeURIComponent(clientId)}/groups`, {
    schema: groupsResponse.shape.message,
    signal,
  });
}

export function groupsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: accessKeys.groups(clientId),
    queryFn: ({ signal }) => getGroups(clientId, { signal }),
  });
}

export function useGroups(clientId: string | null) {
  return useQuery({ ...groupsQueryOptions(clientId ?? ''), enabled: clientId !== null });
}
