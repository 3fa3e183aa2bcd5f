import {
  type SettlementGroupDetail,
  settlementGroupResponse,
} from '@portico/contracts/statements/statements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statementKeys } from './keys';

// GET /api/payouts/{id}: one settlement group with its transactions (the Settlement Group modal).
export function getSettlementGroup(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/payouts/${encodeURIComponent(id)}`, {
    schema: settlementGroupResponse.shape.message,
    signal,
  });
}

export function settlementGroupQueryOptions(id: string) {
  return queryOptions<SettlementGroupDetail>({
    queryKey: statementKeys.payout(id),
    queryFn: ({ signal }) => getSettlementGroup(id, { signal }),
  });
}

export function useSettlementGroup(id: string | null) {
  return useQuery({ ...settlementGroupQueryOptions(id ?? ''), enabled: id !== null });
}
