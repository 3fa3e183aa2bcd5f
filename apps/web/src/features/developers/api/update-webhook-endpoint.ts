import {
  type UpdateWebhookEndpointBody,
  webhookEndpointResponse,
} from '@portico/contracts/developers/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { developersKeys } from './keys';

// PATCH /api/webhooks/endpoints/{id}: enable or disable (or change) an endpoint.
export function updateWebhookEndpoint(id: string, body: UpdateWebhookEndpointBody) {
  return apiRequest(`/api/webhooks/endpoints/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: webhookEndpointResponse.shape.message,
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookEndpointBody }) =>
      updateWebhookEndpoint(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developersKeys.all }),
  });
}
