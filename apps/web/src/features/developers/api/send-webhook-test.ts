import { webhookTestResponse } from '@portico/contracts/developers/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { developersKeys } from './keys';

// POST /api/webhooks/endpoints/{id}/test: a test event posted now; the answer is what the receiver said.
export function sendWebhookTest(id: string) {
  return apiRequest(`/api/webhooks/endpoints/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    schema: webhookTestResponse.shape.message,
  });
}

// The log is read again whatever the answer: the test shows there too.
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: developersKeys.all }),
  });
}
