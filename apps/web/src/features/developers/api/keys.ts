import type { WebhookDeliveriesQuery } from '@portico/contracts/developers/webhooks';

export const developersKeys = {
  all: ['webhooks'] as const,
  endpoints: (merchantId: string) => [...developersKeys.all, 'endpoints', merchantId] as const,
  deliveries: (query: WebhookDeliveriesQuery) => [...developersKeys.all, 'deliveries', query] as const,
};
