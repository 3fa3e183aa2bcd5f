import { approveEnrollmentResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// PATCH /api/enroll/approve {id}: the account is created or enabled with production keys.
export function approveEnrollment(enrollmentId: string) {
  return apiRequest('/api/enroll/approve', {
    method: 'PATCH',
    schema: approveEnrollmentResponse.shape.message,
    body: { id: enrollmentId },
  });
}

export function useApproveEnrollment() {
  return useMutation({ mutationFn: approveEnrollment });
}
