import { type ApiKeyRecord, apiKeysResponse } from '@portico/contracts/virtual-terminals/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { homeKeys } from './keys';

const apiKeysSchema = apiKeysResponse.shape.message;

// GET /api/user/apikeys: the merchant accounts whose virtual terminal the caller may open, with the
// publishable key the terminal pages carry in their path and, where the caller may read it, the
// secret key masked (the full key only through revealSecretKey).
export function getApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKeyRecord[]> {
  return apiRequest('/api/user/apikeys', { schema: apiKeysSchema, signal });
}

export function apiKeysQueryOptions(viewAsClientId: string | null) {
  return queryOptions({
    queryKey: homeKeys.apiKeys(viewAsClientId),
    queryFn: ({ signal }) => getApiKeys({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useApiKeys(viewAsClientId: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...apiKeysQueryOptions(viewAsClientId), enabled });
}
