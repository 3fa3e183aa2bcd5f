import { myUsersResponse } from '@portico/contracts/access/user-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accessKeys } from './keys';

// GET /api/client/my-users: one merchant's users, or every user the caller manages; with search, the
// users whose name or e-mail holds every word (staff: across all merchants).
export function getMyUsers(
  query: { merchantId?: string | null; search?: string },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest('/api/client/my-users', {
    schema: myUsersResponse.shape.message,
    query: { merchant_id: query.merchantId ?? undefined, search: query.search },
    signal,
  });
}

export function myUsersQueryOptions(merchantId: string | null) {
  return queryOptions({
    queryKey: accessKeys.users(merchantId),
    queryFn: ({ signal }) => getMyUsers({ merchantId }, { signal }),
  });
}

export function useMyUsers(merchantId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myUsersQueryOptions(merchantId), enabled });
}

// Staff's search across all merchants; asked only once there is something to search for.
export function useUsersFound(search: string) {
  return useQuery({
    queryKey: accessKeys.usersFound(search),
    queryFn: ({ signal }) => getMyUsers({ search }, { signal }),
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
}
