import { verifyEmailResponse } from '@portico/contracts/auth/social-sign-in';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const verifiedSchema = verifyEmailResponse.shape.message;

// POST /api/auth/verify-email: confirms the address of a social sign-in (the mode=verifyEmail link).
export function postVerifyEmail(request: { token: string }) {
  return apiRequest('/api/auth/verify-email', {
    method: 'POST',
    body: { token: request.token },
    schema: verifiedSchema,
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: postVerifyEmail });
}
