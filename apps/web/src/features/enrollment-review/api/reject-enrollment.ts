import { rejectEnrollmentResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// PATCH /api/enroll/reject {id}: the client is barred from production payments.
export function rejectEnrollment(enrollmentId: string) {
  return apiRequest('/api/enroll/reject', {
    method: 'PATCH',
    schema: rejectEnrollmentResponse.shape.message,
    body: { id: enrollmentId },
  });
}

export function useRejectEnrollment() {
  return useMutation({ mutationFn: rejectEnrollment });
}
