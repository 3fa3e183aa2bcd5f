import type { DisputeCategory } from '@portico/contracts/disputes/dispute-rules';
import { disputeResponse, transactionDisputeResponse } from '@portico/contracts/disputes/disputes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const transactionDisputeKeys = {
  all: ['disputes'] as const,
  ofTransaction: (transactionId: string) => ['disputes', 'of-transaction', transactionId] as const,
};

// GET /api/disputes/of-transaction: the payment's dispute (its status), or null.
export function getTransactionDispute(transactionId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/disputes/of-transaction', {
    query: { transaction_id: transactionId },
    schema: transactionDisputeResponse.shape.message,
    signal,
  });
}

export function useTransactionDispute(transactionId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...queryOptions({
      queryKey: transactionDisputeKeys.ofTransaction(transactionId),
      queryFn: ({ signal }) => getTransactionDispute(transactionId, { signal }),
    }),
    enabled,
  });
}

// POST /api/disputes/simulate (staff, sandbox processor): opens a dispute on the sale now.
export function useSimulateDispute(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (category: DisputeCategory) =>
      apiRequest('/api/disputes/simulate', {
        method: 'POST',
        body: { transaction_id: transactionId, category },
        schema: disputeResponse.shape.message,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionDisputeKeys.all }),
  });
}
