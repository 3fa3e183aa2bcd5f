import { runKycResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { enrollmentActionsKeys } from './enrollment-actions-keys';

// POST /api/kyc {id}: runs the KYC provider on the enrollment and records the result.
export function runKyc(enrollmentId: string) {
  return apiRequest('/api/kyc', {
    method: 'POST',
    schema: runKycResponse.shape.message,
    body: { id: enrollmentId },
  });
}

export function useRunKyc(enrollmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runKyc(enrollmentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrollmentActionsKeys.kyc(enrollmentId) }),
  });
}
