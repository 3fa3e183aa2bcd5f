import { passwordResetResponse } from '@portico/contracts/auth/password';
import type { SignInResult } from '@portico/contracts/auth/sign-in';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/auth/password/reset: the link's code and a new password; signs the person in.
export function postPasswordReset(body: { token: string; password: string }): Promise<SignInResult> {
  return apiRequest('/api/auth/password/reset', {
    method: 'POST',
    body,
    schema: passwordResetResponse.shape.message,
  });
}

export function usePasswordReset() {
  return useMutation({ mutationFn: postPasswordReset });
}
