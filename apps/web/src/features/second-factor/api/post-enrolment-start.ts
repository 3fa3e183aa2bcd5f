import { type EnrolmentStart, enrolmentStart } from '@portico/contracts/auth/second-factor';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/second-factor/enrolment: a new secret with its QR code, shown once.
export function postEnrolmentStart(): Promise<EnrolmentStart> {
  return apiRequest('/api/second-factor/enrolment', { method: 'POST', schema: enrolmentStart });
}

export function useEnrolmentStart() {
  return useMutation({ mutationFn: postEnrolmentStart });
}
