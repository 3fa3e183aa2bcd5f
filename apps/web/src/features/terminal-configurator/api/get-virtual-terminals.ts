import {
  type VirtualTerminalUrl,
  virtualTerminalUrlListResponse,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { terminalConfiguratorKeys } from './keys';

// GET /api/virtualterminalurl with the address's publishable key as bearer (spec 3 §6, §7).
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
    queryKey: terminalConfiguratorKeys.terminals(publishableKey),
    queryFn: ({ signal }) => getVirtualTerminals(publishableKey, { signal }),
  });
}

export function useVirtualTerminals(publishableKey: string) {
  return useQuery(virtualTerminalsQueryOptions(publishableKey));
}
