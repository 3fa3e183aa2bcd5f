import { type UndoTransactionResult, voidResponse } from '@portico/contracts/transactions/void-refund';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportingKeys } from './keys';

const voidMessageSchema = voidResponse.shape.message;

export type VoidRequest = { id: string; idempotencyKey: string };

// POST /api/void {id}; the Idempotency-Key makes a retry of the same attempt safe.
export function voidTransaction({ id, idempotencyKey }: VoidRequest): Promise<UndoTransactionResult> {
  return apiRequest('/api/void', {
    method: 'POST',
    body: { id },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: voidMessageSchema,
  });
}

export function useVoidTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidTransaction,
    // The report and the searches now hold a void row and a changed original.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportingKeys.all }),
  });
}
