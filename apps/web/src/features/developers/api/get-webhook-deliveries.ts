import {
  type WebhookDeliveriesQuery,
  webhookDeliveriesResponse,
} from '@portico/contracts/developers/webhooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { developersKeys } from './keys';

// GET /api/webhooks/deliveries: the newest 500 deliveries matching the filters, with every attempt.
export function getWebhookDeliveries(
  query: WebhookDeliveriesQuery,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest('/api/webhooks/deliveries', {
    query: { ...query },
    schema: webhookDeliveriesResponse.shape.message,
    signal,
  });
}

export function webhookDeliveriesQueryOptions(query: WebhookDeliveriesQuery) {
  return queryOptions({
    queryKey: developersKeys.deliveries(query),
    queryFn: ({ signal }) => getWebhookDeliveries(query, { signal }),
  });
}

export function useWebhookDeliveries(query: WebhookDeliveriesQuery | null) {
  return useQuery({
    ...webhookDeliveriesQueryOptions(query ?? { merchant_id: '' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
