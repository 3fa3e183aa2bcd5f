import {
  type EnrollmentEditMetaInput,
  enrollmentEditResponse,
} from '@portico/contracts/enrollment/enrollment-record';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { enrollmentReviewKeys } from './keys';

// PATCH /api/enroll/edit: body { meta: the record as a JSON string, with its id }.
export function editEnrollment(meta: EnrollmentEditMetaInput) {
  return apiRequest('/api/enroll/edit', {
    method: 'PATCH',
    schema: enrollmentEditResponse.shape.message,
    body: { meta: JSON.stringify(meta) },
  });
}

export function useEditEnrollment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editEnrollment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrollmentReviewKeys.record(id) }),
  });
}
