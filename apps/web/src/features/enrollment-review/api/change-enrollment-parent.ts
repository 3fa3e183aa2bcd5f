import {
  type EnrollmentHierarchyBody,
  enrollmentHierarchyResponse,
} from '@portico/contracts/enrollment/enrollment-actions';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/enroll/hierarchy {enrollid, parent_legal_name}.
export function changeEnrollmentParent(body: EnrollmentHierarchyBody) {
  return apiRequest('/api/enroll/hierarchy', {
    method: 'POST',
    schema: enrollmentHierarchyResponse.shape.message,
    body,
  });
}

export function useChangeEnrollmentParent() {
  return useMutation({ mutationFn: changeEnrollmentParent });
}
