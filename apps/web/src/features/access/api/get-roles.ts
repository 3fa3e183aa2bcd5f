import { rolesResponse } from '@portico/contracts/access/rbac-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// GET /api/rbac/{id}/roles (?with_hierarchy=false for the merchant's own only).
export function getRoles(
  clientId: string,
  withHierarchy: boolean,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest(`/api/rbac/${encodeURIComponent(clientId)}/roles`, {
    schema: rolesResponse.shape.message,
    query: { with_hierarchy: withHierarchy ? 'true' : 'false' },
    signal,
  });
}

export function rolesQueryOptions(clientId: string, withHierarchy: boolean) {
  return queryOptions({
    queryKey: accessKeys.roles(clientId, withHierarchy),
    queryFn: ({ signal }) => getRoles(clientId, withHierarchy, { signal }),
  });
}

export function useRoles(clientId: string | null, withHierarchy = true) {
  return useQuery({ ...rolesQueryOptions(clientId ?? '', withHierarchy), enabled: clientId !== null });
}
