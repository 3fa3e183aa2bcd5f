import { webhookEndpointsResponse } from '@portico/contracts/developers/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { developersKeys } from './keys';

// GET /api/webhooks/endpoints: the merchant's endpoints and those of the merchants below it, secrets
// masked.
export function getWebhookEndpoints(merchantId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/webhooks/endpoints', {
    query: { merchant_id: merchantId },
    schema: webhookEndpointsResponse.shape.message,
    signal,
  });
}

export function webhookEndpointsQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: developersKeys.endpoints(merchantId),
    queryFn: ({ signal }) => getWebhookEndpoints(merchantId, { signal }),
  });
}

export function useWebhookEndpoints(merchantId: string | null) {
  return useQuery({ ...webhookEndpointsQueryOptions(merchantId ?? ''), enabled: merchantId !== null });
}
