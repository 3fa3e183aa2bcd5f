import { passwordResetRequestResponse } from '@portico/contracts/auth/password';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/auth/password/reset-request: mails a link to set a new password; the same answer for
// every address.
export function postPasswordResetRequest({ email }: { email: string }): Promise<string> {
  return apiRequest('/api/auth/password/reset-request', {
    method: 'POST',
    body: { email },
    schema: passwordResetRequestResponse.shape.message,
  });
}

export function usePasswordResetRequest() {
  return useMutation({ mutationFn: postPasswordResetRequest });
}
