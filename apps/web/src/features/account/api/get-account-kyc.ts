import { kycViewResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

// GET /api/report/kyc?client_id: the KYC status and log of the account's enrollment (staff).
export function getAccountKyc(clientId: string, signal?: AbortSignal) {
  return apiRequest('/api/report/kyc', {
    schema: kycViewResponse.shape.message,
    query: { client_id: clientId },
    signal,
  });
}

export function useAccountKyc(clientId: string, isEnabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: accountKeys.kyc(clientId),
      queryFn: ({ signal }) => getAccountKyc(clientId, signal),
    }),
    enabled: isEnabled,
  });
}
