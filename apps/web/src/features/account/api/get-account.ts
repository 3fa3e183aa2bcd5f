import { type AccountDetail, accountDetailResponse } from '@portico/contracts/clients/account-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

// GET /api/account/{clientid}: the sections the caller may see, sensitive fields masked.
export function getAccount(clientId: string, signal?: AbortSignal): Promise<AccountDetail> {
  return apiRequest(`/api/account/${clientId}`, { schema: accountDetailResponse.shape.message, signal });
}

export function accountQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: accountKeys.detail(clientId),
    queryFn: ({ signal }) => getAccount(clientId, signal),
  });
}

export function useAccount(clientId: string) {
  return useQuery(accountQueryOptions(clientId));
}
