import {
  type DeveloperEmailBody,
  developerEmailResponse,
} from '@portico/contracts/enrollment/enrollment-actions';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/enroll/developer/email {id, email}: the developer's sign-in and sandbox instructions.
export function sendDeveloperEmail(body: DeveloperEmailBody) {
  return apiRequest('/api/enroll/developer/email', {
    method: 'POST',
    schema: developerEmailResponse.shape.message,
    body,
  });
}

export function useSendDeveloperEmail() {
  return useMutation({ mutationFn: sendDeveloperEmail });
}
