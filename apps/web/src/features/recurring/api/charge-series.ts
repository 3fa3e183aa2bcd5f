import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recurringKeys } from './keys';
import { chargeAnswerSchema } from './subscription-wire';

export type SeriesChargeRequest = {
  subscriptionId: string;
  token: string;
  amount: string;
  // One per click: a retried request never charges twice (design §3).
  idempotencyKey: string;
};

// POST /api/charge {amount, token, subscription_id} (spec 3 §7): data.status is read.
export function chargeSeries({ subscriptionId, token, amount, idempotencyKey }: SeriesChargeRequest) {
  return apiRequest('/api/charge', {
    method: 'POST',
    body: { amount, token, subscription_id: subscriptionId },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: chargeAnswerSchema,
  });
}

export function useChargeSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chargeSeries,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recurringKeys.all }),
  });
}
