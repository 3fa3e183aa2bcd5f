import { disputesResponse } from '@portico/contracts/disputes/disputes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DashboardScope, homeKeys } from './keys';

// GET /api/disputes?status=needs_response: the open chargebacks of the dashboard's merchants; the
// card counts them.
export async function getDisputesNeedingResponse(
  scope: DashboardScope,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  const rows = await apiRequest('/api/disputes', {
    query: { status: 'needs_response', merchant_id: scope.merchantId ?? undefined },
    schema: disputesResponse.shape.message,
    signal,
  });
  return rows.length;
}

export function useDisputesNeedingResponse(scope: DashboardScope, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...queryOptions({
      queryKey: [...homeKeys.all, 'disputes-needing-response', scope] as const,
      queryFn: ({ signal }) => getDisputesNeedingResponse(scope, { signal }),
    }),
    enabled,
  });
}
