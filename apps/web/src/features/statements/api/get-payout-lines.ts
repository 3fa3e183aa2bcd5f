import { type PayoutLines, payoutLinesResponse } from '@portico/contracts/statements/statements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statementKeys } from './keys';

// GET /api/payouts/{id}/lines: the payout's signed lines and their totals by kind.
export function getPayoutLines(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/payouts/${encodeURIComponent(id)}/lines`, {
    schema: payoutLinesResponse.shape.message,
    signal,
  });
}

export function payoutLinesQueryOptions(id: string) {
  return queryOptions<PayoutLines>({
    queryKey: statementKeys.payoutLines(id),
    queryFn: ({ signal }) => getPayoutLines(id, { signal }),
  });
}

export function usePayoutLines(id: string | null) {
  return useQuery({ ...payoutLinesQueryOptions(id ?? ''), enabled: id !== null });
}
