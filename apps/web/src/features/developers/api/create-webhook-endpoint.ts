import {
  type CreateWebhookEndpointBody,
  webhookEndpointWithSecretResponse,
} from '@portico/contracts/developers/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { developersKeys } from './keys';

// POST /api/webhooks/endpoints: the answer holds the signing secret, the only time it is shown.
export function createWebhookEndpoint(body: CreateWebhookEndpointBody) {
  return apiRequest('/api/webhooks/endpoints', {
    method: 'POST',
    body,
    schema: webhookEndpointWithSecretResponse.shape.message,
  });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developersKeys.all }),
  });
}
