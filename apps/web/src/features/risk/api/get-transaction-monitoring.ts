import { type TransactionMonitoring, transactionMonitoringResponse } from '@portico/contracts/risk/risk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { riskKeys } from './keys';

// GET /api/transaction-monitoring: the three lists of the Risk Information tabs.
export function getTransactionMonitoring({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/transaction-monitoring', {
    schema: transactionMonitoringResponse.shape.message,
    signal,
  });
}

export function transactionMonitoringQueryOptions() {
  return queryOptions<TransactionMonitoring>({
    queryKey: riskKeys.monitoring(),
    queryFn: ({ signal }) => getTransactionMonitoring({ signal }),
  });
}

export function useTransactionMonitoring() {
  return useQuery(transactionMonitoringQueryOptions());
}
