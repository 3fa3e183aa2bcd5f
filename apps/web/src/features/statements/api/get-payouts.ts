import { type PayoutRow, payoutsResponse } from '@portico/contracts/statements/statements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statementKeys } from './keys';

// GET /api/payouts?merchant_id: the payouts of one merchant, or of every one in reach.
export function getPayouts(merchantId: string | null, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/payouts', {
    schema: payoutsResponse.shape.message,
    query: { merchant_id: merchantId ?? undefined },
    signal,
  });
}

export function payoutsQueryOptions(merchantId: string | null) {
  return queryOptions<PayoutRow[]>({
    queryKey: statementKeys.payouts(merchantId),
    queryFn: ({ signal }) => getPayouts(merchantId, { signal }),
  });
}

export function usePayouts(merchantId: string | null) {
  return useQuery(payoutsQueryOptions(merchantId));
}
