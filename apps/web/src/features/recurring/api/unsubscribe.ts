import {
  cancelLinkSummaryResponse,
  publicUnsubscribeResponse,
} from '@portico/contracts/subscriptions/subscriptions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recurringKeys } from './keys';

// POST /api/unsubscribe {cancelId, reason}: public, the link's signed token is the
// authorization; a 200 confirms.
export function unsubscribe({ cancelId, reason }: { cancelId: string; reason: string | undefined }) {
  return apiRequest('/api/unsubscribe', {
    method: 'POST',
    body: { cancelId, reason },
    schema: publicUnsubscribeResponse.shape.message,
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}

// GET /api/unsubscribe/{cancelId}: the merchant and amount of an unused link (the address's own are
// shown until it answers); a used or forged link answers 404.
export function useCancelLinkSummary(cancelId: string | null) {
  return useQuery({
    queryKey: recurringKeys.cancelLink(cancelId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/unsubscribe/${encodeURIComponent(cancelId ?? '')}`, {
        schema: cancelLinkSummaryResponse.shape.message,
        signal,
      }),
    enabled: cancelId !== null,
    retry: false,
  });
}
