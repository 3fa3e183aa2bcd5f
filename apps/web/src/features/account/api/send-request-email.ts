import { sendEmailResponse } from '@portico/contracts/email/email';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RequestEmail = { to: string; subject: string; body: string };

// Deactivation, deletion and ticket requests: POST /api/email {body, to, subject}.
export function sendRequestEmail(email: RequestEmail) {
  return apiRequest('/api/email', { method: 'POST', schema: sendEmailResponse.shape.message, body: email });
}

export function useSendRequestEmail() {
  return useMutation({ mutationFn: sendRequestEmail });
}
