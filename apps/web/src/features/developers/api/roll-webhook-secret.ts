import { webhookEndpointWithSecretResponse } from '@portico/contracts/developers/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { developersKeys } from './keys';

// POST /api/webhooks/endpoints/{id}/roll-secret: a new secret, shown once; the old one stops at once.
export function rollWebhookSecret(id: string) {
  return apiRequest(`/api/webhooks/endpoints/${encodeURIComponent(id)}/roll-secret`, {
    method: 'POST',
    schema: webhookEndpointWithSecretResponse.shape.message,
  });
}

export function useRollWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developersKeys.all }),
  });
}
