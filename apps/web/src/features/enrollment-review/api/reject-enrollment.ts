import { rejectEnrollmentResponse } from '@portico/contracts/enrollment/enrollment-actions';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// PATCH /api/enroll/reject {id, reason?}: the client is barred from production payments and the
// applicant is e-mailed, with the reason when one is given.
export function rejectEnrollment({ id, reason }: { id: string; reason: string }) {
  const given = reason.trim();
  return apiRequest('/api/enroll/reject', {
    method: 'PATCH',
    schema: rejectEnrollmentResponse.shape.message,
    body: given === '' ? { id } : { id, reason: given },
  });
}

export function useRejectEnrollment() {
  return useMutation({ mutationFn: rejectEnrollment });
}
