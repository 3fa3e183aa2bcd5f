import { type KycView, kycViewResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { enrollmentActionsKeys } from './enrollment-actions-keys';

// GET /api/kyc?id=: the KYC status of the enrollment and its KYC log, newest first.
export function getKyc(enrollmentId: string, signal?: AbortSignal): Promise<KycView> {
  return apiRequest('/api/kyc', {
    schema: kycViewResponse.shape.message,
    query: { id: enrollmentId },
    signal,
  });
}

export function kycQueryOptions(enrollmentId: string) {
  return queryOptions({
    queryKey: enrollmentActionsKeys.kyc(enrollmentId),
    queryFn: ({ signal }) => getKyc(enrollmentId, signal),
  });
}

export function useKyc(enrollmentId: string) {
  return useQuery(kycQueryOptions(enrollmentId));
}
