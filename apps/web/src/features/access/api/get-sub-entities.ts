import { subEntitiesResponse } from '@portico/contracts/access/rbac-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// GET /api/rbac/{id}/sub-entities?skipRecursion=true: the merchant's own locations.
export function getSubEntities(clientId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/rbac/${encodeURIComponent(clientId)}/sub-entities`, {
    schema: subEntitiesResponse.shape.message,
    query: { skipRecursion: 'true' },
    signal,
  });
}

export function subEntitiesQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: accessKeys.subEntities(clientId),
    queryFn: ({ signal }) => getSubEntities(clientId, { signal }),
  });
}

export function useSubEntities(clientId: string | null) {
  return useQuery({ ...subEntitiesQueryOptions(clientId ?? ''), enabled: clientId !== null });
}
