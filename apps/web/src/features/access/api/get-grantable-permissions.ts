import { merchantPermissionsResponse } from '@portico/contracts/auth/merchant-permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// GET /api/rbac/{id}/permissions: the merchant-level list a role of that merchant may be granted.
export function getGrantablePermissions(clientId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/rbac/${encodeURIComponent(clientId)}/permissions`, {
    schema: merchantPermissionsResponse.shape.message,
    signal,
  });
}

export function grantablePermissionsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: accessKeys.grantable(clientId),
    queryFn: ({ signal }) => getGrantablePermissions(clientId, { signal }),
  });
}

export function useGrantablePermissions(clientId: string | null) {
  return useQuery({ ...grantablePermissionsQueryOptions(clientId ?? ''), enabled: clientId !== null });
}
