import { refundResponse, type UndoTransactionResult } from '@portico/contracts/transactions/void-refund';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportingKeys } from './keys';

const refundMessageSchema = refundResponse.shape.message;

// amount: a partial refund's decimal text; absent for a full refund.
export type RefundRequest = { id: string; amount: string | undefined; idempotencyKey: string };

// POST /api/refund {id, amount?} with an Idempotency-Key.
export function refundTransaction({
  id,
  amount,
  idempotencyKey,
}: RefundRequest): Promise<UndoTransactionResult> {
  return apiRequest('/api/refund', {
    method: 'POST',
    body: amount === undefined ? { id } : { id, amount },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: refundMessageSchema,
  });
}

export function useRefundTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportingKeys.all }),
  });
}
