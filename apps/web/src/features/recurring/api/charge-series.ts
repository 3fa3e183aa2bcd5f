import { chargeResponse } from '@portico/contracts/payment-frame/charge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recurringKeys } from './keys';

export type SeriesChargeRequest = {
  subscriptionId: string;
  // The series' payment method as the grid shows it (the server takes it whole or so displayed).
  token: string;
  amount: string;
  // The location chosen by a user tied to several of the merchant's locations.
  locationId?: string | undefined;
  // One per request body: a retried request never charges twice.
  idempotencyKey: string;
};

// POST /api/charge {amount, token, subscription_id}: the payment frame's charge answer,
// whose status is read.
export function chargeSeries({
  subscriptionId,
  token,
  amount,
  locationId,
  idempotencyKey,
}: SeriesChargeRequest) {
  return apiRequest('/api/charge', {
    method: 'POST',
    body: {
      amount,
      token,
      subscription_id: subscriptionId,
      ...(locationId === undefined ? {} : { location_id: locationId }),
    },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: chargeResponse.shape.message,
  });
}

export function useChargeSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chargeSeries,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recurringKeys.all }),
  });
}
