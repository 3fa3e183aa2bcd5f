import { type AccountData, accountDataResponse } from '@portico/contracts/account-data/account-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountDataKeys } from './keys';

// GET /api/account-data?id={clientid}: the page's record, sensitive values masked.
export function getAccountData(
  clientId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AccountData> {
  return apiRequest('/api/account-data', {
    schema: accountDataResponse.shape.message,
    query: { id: clientId },
    signal,
  });
}

export function accountDataQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: accountDataKeys.record(clientId),
    queryFn: ({ signal }) => getAccountData(clientId, { signal }),
  });
}

export function useAccountData(clientId: string) {
  return useQuery(accountDataQueryOptions(clientId));
}
