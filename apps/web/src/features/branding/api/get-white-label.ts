import { whiteLabelResponse } from '@portico/contracts/branding/whitelabel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandingKeys } from './keys';

// GET /api/whitelabel/{clientid}: the parent's white label, or null.
export function getWhiteLabel(clientId: string, signal?: AbortSignal) {
  return apiRequest(`/api/whitelabel/${clientId}`, { schema: whiteLabelResponse.shape.message, signal });
}

export function whiteLabelQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: brandingKeys.whiteLabel(clientId),
    queryFn: ({ signal }) => getWhiteLabel(clientId, signal),
  });
}

export function useWhiteLabel(clientId: string) {
  return useQuery(whiteLabelQueryOptions(clientId));
}
