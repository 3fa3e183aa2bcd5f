import { mccListResponse } from '@portico/contracts/clients/account-detail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

// GET /api/mcc: codes with their label and base card rate (the floor of an MCC card rate).
export function getMccCodes(signal?: AbortSignal) {
  return apiRequest('/api/mcc', { schema: mccListResponse.shape.message, signal });
}

export function mccQueryOptions() {
  // The list is reference data: it does not change while the page is open.
  return queryOptions({
    queryKey: accountKeys.mcc(),
    queryFn: ({ signal }) => getMccCodes(signal),
    staleTime: Infinity,
  });
}

export function useMccCodes() {
  return useQuery(mccQueryOptions());
}
