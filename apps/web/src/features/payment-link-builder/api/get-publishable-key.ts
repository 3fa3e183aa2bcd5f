import { publishableKeyResponse } from '@portico/contracts/payment-links/payment-links';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { linkBuilderKeys } from './keys';

// GET /api/apikeys/publishable-key (bearer: the key of the address or the one typed in): the only key
// a link may carry.
export function getPublishableKey(key: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/apikeys/publishable-key', {
    schema: publishableKeyResponse.shape.message,
    headers: { Authorization: `Bearer ${key}` },
    signal,
  });
}

export function usePublishableKey(key: string | null) {
  return useQuery({
    queryKey: linkBuilderKeys.publishableKey(key ?? ''),
    queryFn: ({ signal }) => getPublishableKey(key ?? '', { signal }),
    enabled: key !== null,
    retry: false,
  });
}
