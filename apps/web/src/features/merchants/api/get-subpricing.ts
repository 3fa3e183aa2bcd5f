import { type SubpricingRow, subpricingListResponse } from '@portico/contracts/clients/subpricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { merchantsKeys } from './keys';

// GET /api/client/subpricing?apikey=login&clientid={id}.
export function getSubpricing(
  clientId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SubpricingRow[]> {
  return apiRequest('/api/client/subpricing', {
    query: { apikey: 'login', clientid: clientId },
    schema: subpricingListResponse.shape.message,
    signal,
  });
}

export function subpricingQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: merchantsKeys.subpricing(clientId),
    queryFn: ({ signal }) => getSubpricing(clientId, { signal }),
  });
}

export function useSubpricing(clientId: string | null) {
  return useQuery({ ...subpricingQueryOptions(clientId ?? ''), enabled: clientId !== null });
}
