import { successEnvelope } from '@portico/contracts/common/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { developersKeys } from './keys';

const deletedAnswer = successEnvelope(z.object({ id: z.string() })).shape.message;

// DELETE /api/webhooks/endpoints/{id}: the endpoint and its delivery log are removed.
export function deleteWebhookEndpoint(id: string) {
  return apiRequest(`/api/webhooks/endpoints/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: deletedAnswer,
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    // Not awaited: the refetch removes the endpoint's card, and the card's own onSuccess (its toast)
    // must run while it is still there.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: developersKeys.all });
    },
  });
}
