import { type Receipt, receiptResponse } from '@portico/contracts/transactions/receipt';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { receiptKeys } from './keys';

const receiptSchema = receiptResponse.shape.message;

// GET /api/v1/receipt?id=: one transaction of the caller's report, as a receipt prints it.
export function getReceipt(id: string, signal?: AbortSignal): Promise<Receipt> {
  return apiRequest('/api/v1/receipt', { schema: receiptSchema, query: { id }, signal });
}

export function receiptQueryOptions(id: string) {
  return queryOptions({
    queryKey: receiptKeys.receipt(id),
    queryFn: ({ signal }) => getReceipt(id, signal),
    // A transaction's receipt does not change under the reader; a 404 is final.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useReceipt(id: string | null) {
  return useQuery({ ...receiptQueryOptions(id ?? ''), enabled: id !== null });
}
