import { permissionMerchantsResponse } from '@portico/contracts/access/rbac-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// GET /api/permissions/merchants.
export function getPermissionMerchants({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/permissions/merchants', {
    schema: permissionMerchantsResponse.shape.message,
    signal,
  });
}

export function permissionMerchantsQueryOptions() {
  return queryOptions({
    queryKey: accessKeys.permissionMerchants(),
    queryFn: ({ signal }) => getPermissionMerchants({ signal }),
  });
}

export function usePermissionMerchants() {
  return useQuery(permissionMerchantsQueryOptions());
}
