import { type MerchantGridRow, merchantGridResponse } from '@portico/contracts/clients/client-lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantsKeys } from './keys';

// GET /api/client/all: every client the caller reaches (the server scopes it).
export function getMerchants({ signal }: { signal?: AbortSignal } = {}): Promise<MerchantGridRow[]> {
  return apiRequest('/api/client/all', { schema: merchantGridResponse.shape.message, signal });
}

export function merchantsQueryOptions() {
  return queryOptions({ queryKey: merchantsKeys.grid(), queryFn: ({ signal }) => getMerchants({ signal }) });
}

export function useMerchants() {
  return useQuery(merchantsQueryOptions());
}
