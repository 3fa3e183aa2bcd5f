import { linkMerchantsResponse } from '@portico/contracts/payment-links/payment-links';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { linkBuilderKeys } from './keys';

// GET /api/payment-links/merchants: the merchants the signed-in user may make links for. null:
// nobody is signed in (401), so the builder asks for a key instead; a 403 (no Payment Pages) is an
// error to show.
export async function getLinkMerchants({ signal }: { signal?: AbortSignal } = {}) {
  try {
    return await apiRequest('/api/payment-links/merchants', {
      schema: linkMerchantsResponse.shape.message,
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) return null;
    throw error;
  }
}

export function useLinkMerchants() {
  return useQuery({
    queryKey: linkBuilderKeys.merchants(),
    queryFn: ({ signal }) => getLinkMerchants({ signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
