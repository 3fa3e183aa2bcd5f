import { linkTerminalsResponse, openTerminals } from '@portico/contracts/payment-links/payment-links';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { linkBuilderKeys } from './keys';

// GET api/terminal: the merchant's terminals; the builder keeps the open ones.
export function useOpenLinkTerminals(key: string | null) {
  return useQuery({
    queryKey: linkBuilderKeys.terminals(key ?? ''),
    queryFn: async ({ signal }) =>
      openTerminals(
        await apiRequest('/api/terminal', {
          schema: linkTerminalsResponse.shape.message,
          headers: { Authorization: `Bearer ${key ?? ''}` },
          signal,
        }),
      ),
    enabled: key !== null,
  });
}
