import { type TerminalMerchant, terminalMerchantsResponse } from '@portico/contracts/terminals/terminals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { terminalsKeys } from './keys';

// GET /api/terminal/merchants: the merchants the caller manages terminals for, with their locations.
export function getTerminalMerchants({ signal }: { signal?: AbortSignal } = {}): Promise<TerminalMerchant[]> {
  return apiRequest('/api/terminal/merchants', { schema: terminalMerchantsResponse.shape.message, signal });
}

export function useTerminalMerchants() {
  return useQuery(
    queryOptions({
      queryKey: terminalsKeys.merchants(),
      queryFn: ({ signal }) => getTerminalMerchants({ signal }),
    }),
  );
}
