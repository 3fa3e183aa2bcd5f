import type { PermissionName } from '@portico/contracts/access/permission-names';
import { merchantPermissionsResponse } from '@portico/contracts/auth/merchant-permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

const permissionsSchema = merchantPermissionsResponse.shape.message;

// GET /api/rbac/{clientId}/permissions: the caller's permissions on that client.
export async function getMerchantPermissions(
  clientId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PermissionName[]> {
  const granted = await apiRequest(`/api/rbac/${encodeURIComponent(clientId)}/permissions`, {
    schema: permissionsSchema,
    signal,
  });
  return granted.map((permission) => permission.name);
}

export function merchantPermissionsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: authKeys.merchantPermissions(clientId),
    queryFn: ({ signal }) => getMerchantPermissions(clientId, { signal }),
    staleTime: 5 * 60_000,
  });
}

// clientId null: nothing to load (no client, or the primary client, which skips it).
export function useMerchantPermissions(clientId: string | null) {
  return useQuery({ ...merchantPermissionsQueryOptions(clientId ?? ''), enabled: clientId !== null });
}
