import { rbacUsersResponse } from '@portico/contracts/access/rbac-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// GET /api/rbac/{id}/users?with_recursion=true.
export function getRbacUsers(clientId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/rbac/${encodeURIComponent(clientId)}/users`, {
    schema: rbacUsersResponse.shape.message,
    query: { with_recursion: 'true' },
    signal,
  });
}

export function rbacUsersQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: accessKeys.rbacUsers(clientId),
    queryFn: ({ signal }) => getRbacUsers(clientId, { signal }),
  });
}

export function useRbacUsers(clientId: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...rbacUsersQueryOptions(clientId ?? ''), enabled: enabled && clientId !== null });
}
