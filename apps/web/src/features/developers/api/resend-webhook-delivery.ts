import { successEnvelope } from '@portico/contracts/common/envelope';
import { webhookResendResponse } from '@portico/contracts/developers/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { developersKeys } from './keys';

const resendAnswer = successEnvelope(webhookResendResponse.shape.message.nullable()).shape.message;

// POST /api/webhooks/deliveries/{id}/resend: sent again now; null when an earlier event of the same
// object still waits, so this one goes with the next run.
export function resendWebhookDelivery(id: string) {
  return apiRequest(`/api/webhooks/deliveries/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
    schema: resendAnswer,
  });
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: developersKeys.all }),
  });
}
