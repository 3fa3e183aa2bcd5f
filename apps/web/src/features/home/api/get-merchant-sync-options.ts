import { merchantSyncOptionsResponse } from '@portico/contracts/dashboard/manual-data-pull';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { homeKeys } from './keys';

const merchantSyncOptionsSchema = merchantSyncOptionsResponse.shape.message;

// GET /api/v1/manual-data-pull-accounts: the merchants a data sync can be requested for (admin).
export function getMerchantSyncOptions({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/manual-data-pull-accounts', { schema: merchantSyncOptionsSchema, signal });
}

export function merchantSyncOptionsQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.merchantSyncOptions(),
    queryFn: ({ signal }) => getMerchantSyncOptions({ signal }),
    staleTime: 5 * 60_000,
  });
}

// Loaded when the dialog opens (loading, then selection, then request).
export function useMerchantSyncOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...merchantSyncOptionsQueryOptions(), enabled });
}
