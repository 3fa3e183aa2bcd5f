import { myUsersResponse } from '@portico/contracts/access/user-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// GET /api/client/my-users: one merchant's users, or every user the caller manages.
export function getMyUsers(merchantId: string | null, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/client/my-users', {
    schema: myUsersResponse.shape.message,
    query: { merchant_id: merchantId ?? undefined },
    signal,
  });
}

export function myUsersQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: accessKeys.users(merchantId),
    queryFn: ({ signal }) => getMyUsers(merchantId, { signal }),
  });
}

export function useMyUsers(merchantId: string | null) {
  return useQuery(myUsersQueryOptions(merchantId));
}
