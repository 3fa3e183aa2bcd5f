import { type resendFailedBody, resendFailedResponse } from '@portico/contracts/developers/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { developersKeys } from './keys';

export type ResendFailedBody = z.input<typeof resendFailedBody>;

// POST /api/webhooks/deliveries/resend-failed: every failed delivery since a time queued again.
export function resendFailedDeliveries(body: ResendFailedBody) {
  return apiRequest('/api/webhooks/deliveries/resend-failed', {
    method: 'POST',
    body,
    schema: resendFailedResponse.shape.message,
  });
}

export function useResendFailedDeliveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendFailedDeliveries,
    onSettled: () => queryClient.invalidateQueries({ queryKey: developersKeys.all }),
  });
}
