import { subscriptionWriteResponse } from '@portico/contracts/subscriptions/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recurringKeys } from './keys';

const writeAnswer = subscriptionWriteResponse.shape.message;

// PATCH /api/subscription/unsubscribe {subscription_id, reason}.
export function endSeries({ subscriptionId, reason }: { subscriptionId: string; reason: string }) {
  return apiRequest('/api/subscription/unsubscribe', {
    method: 'PATCH',
    body: { subscription_id: subscriptionId, reason },
    schema: writeAnswer,
  });
}

// PATCH /api/subscription/reactivate {subscription_id, next}: next is the new first charge day.
export function reactivateSeries({ subscriptionId, next }: { subscriptionId: string; next: string }) {
  return apiRequest('/api/subscription/reactivate', {
    method: 'PATCH',
    body: { subscription_id: subscriptionId, next },
    schema: writeAnswer,
  });
}

export type OverrideRequest = { subscriptionId: string; next: string; amount: string };

// PATCH /api/subscription/override {subscription_id, next, amount}: the next scheduled charge is
// taken for this amount (once) on this date.
export function overrideNextCharge({ subscriptionId, next, amount }: OverrideRequest) {
  return apiRequest('/api/subscription/override', {
    method: 'PATCH',
    body: { subscription_id: subscriptionId, next, amount },
    schema: writeAnswer,
  });
}

// Every change re-reads the grid, whatever the answer (a refused change may still say why).
function useSeriesMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recurringKeys.all }),
  });
}

export const useEndSeries = () => useSeriesMutation(endSeries);
export const useReactivateSeries = () => useSeriesMutation(reactivateSeries);
export const useOverrideNextCharge = () => useSeriesMutation(overrideNextCharge);
