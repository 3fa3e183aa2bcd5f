import {
  type EnrollDeveloperBody,
  enrollDeveloperResponse,
} from '@portico/contracts/enrollment/enrollment-actions';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/enroll/developer {id, name, email, environment}: the lead developer's portal account.
export function enrollDeveloper(body: EnrollDeveloperBody) {
  return apiRequest('/api/enroll/developer', {
    method: 'POST',
    schema: enrollDeveloperResponse.shape.message,
    body,
  });
}

export function useEnrollDeveloper() {
  return useMutation({ mutationFn: enrollDeveloper });
}
