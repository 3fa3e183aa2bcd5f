import { type LinkConfig, linkConfigResponse } from '@portico/contracts/payment-links/payment-links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { terminalConfiguratorKeys } from './keys';

// GET /api/client/link-config: which of card, bank and crypto the merchant is configured for.
export function getLinkConfig(
  publishableKey: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LinkConfig> {
  return apiRequest('/api/client/link-config', {
    schema: linkConfigResponse.shape.message,
    headers: { Authorization: `Bearer ${publishableKey}` },
    signal,
  });
}

export function useLinkConfig(publishableKey: string) {
  return useQuery(
    queryOptions({
      queryKey: terminalConfiguratorKeys.linkConfig(publishableKey),
      queryFn: ({ signal }) => getLinkConfig(publishableKey, { signal }),
      staleTime: 5 * 60_000,
    }),
  );
}
