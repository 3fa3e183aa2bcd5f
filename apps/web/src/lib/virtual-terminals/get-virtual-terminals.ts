import {
  type VirtualTerminalUrl,
  virtualTerminalUrlListResponse,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

// One key for a merchant's terminals: Home's terminal modals and the configurator read the same list,
// and a save in the configurator refreshes both.
export const virtualTerminalKeys = {
  all: ['virtual-terminals'] as const,
  ofMerchant: (publishableKey: string) => [...virtualTerminalKeys.all, publishableKey] as const,
};

// GET /api/virtualterminalurl with the merchant's publishable key as bearer.
export function getVirtualTerminals(
  publishableKey: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<VirtualTerminalUrl[]> {
  return apiRequest('/api/virtualterminalurl', {
    schema: virtualTerminalUrlListResponse.shape.message,
    headers: { Authorization: `Bearer ${publishableKey}` },
    signal,
  });
}

export function virtualTerminalsQueryOptions(publishableKey: string) {
  return queryOptions({
    queryKey: virtualTerminalKeys.ofMerchant(publishableKey),
    queryFn: ({ signal }) => getVirtualTerminals(publishableKey, { signal }),
  });
}

export function useVirtualTerminals(publishableKey: string | null) {
  return useQuery({
    ...virtualTerminalsQueryOptions(publishableKey ?? ''),
    enabled: publishableKey !== null,
  });
}
