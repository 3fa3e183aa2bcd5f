import {
  type VirtualTerminalUrl,
  virtualTerminalUrlListResponse,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { homeKeys } from './keys';

// GET /api/virtualterminalurl with the merchant's publishable key as bearer: the terminals the
// dashboard's terminal modals list (spec 3 §2, §7).
export function getMerchantTerminals(
  publishableKey: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<VirtualTerminalUrl[]> {
  return apiRequest('/api/virtualterminalurl', {
    schema: virtualTerminalUrlListResponse.shape.message,
    headers: { Authorization: `Bearer ${publishableKey}` },
    signal,
  });
}

export function merchantTerminalsQueryOptions(publishableKey: string) {
  return queryOptions({
    queryKey: homeKeys.merchantTerminals(publishableKey),
    queryFn: ({ signal }) => getMerchantTerminals(publishableKey, { signal }),
  });
}

export function useMerchantTerminals(publishableKey: string | null) {
  return useQuery({
    ...merchantTerminalsQueryOptions(publishableKey ?? ''),
    enabled: publishableKey !== null,
  });
}
