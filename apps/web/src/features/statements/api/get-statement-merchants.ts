import { statementMerchantsResponse } from '@portico/contracts/statements/statements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statementKeys } from './keys';

// GET /api/statement/merchants: the merchants of the 'Statement For' and payouts dropdowns.
export function getStatementMerchants({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/statement/merchants', { schema: statementMerchantsResponse.shape.message, signal });
}

export const statementMerchantsQueryOptions = () =>
  queryOptions({
    queryKey: statementKeys.merchants(),
    queryFn: ({ signal }) => getStatementMerchants({ signal }),
  });

export function useStatementMerchants({ enabled }: { enabled: boolean }) {
  return useQuery({ ...statementMerchantsQueryOptions(), enabled });
}
