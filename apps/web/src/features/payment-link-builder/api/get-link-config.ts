import { linkConfigResponse } from '@portico/contracts/payment-links/payment-links';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { linkBuilderKeys } from './keys';

// GET /api/client/link-config: the merchant's configured methods.
export function useLinkConfig(key: string | null) {
  return useQuery({
    queryKey: linkBuilderKeys.linkConfig(key ?? ''),
    queryFn: ({ signal }) =>
      apiRequest('/api/client/link-config', {
        schema: linkConfigResponse.shape.message,
        headers: { Authorization: `Bearer ${key ?? ''}` },
        signal,
      }),
    enabled: key !== null,
    staleTime: 5 * 60_000,
  });
}
