import { type SignUpInput, signUpResponse } from '@portico/contracts/clients/sign-up';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/sign-up: the same answer for every address (no account enumeration).
export function postSignUp(body: SignUpInput): Promise<string> {
  return apiRequest('/api/sign-up', { method: 'POST', body, schema: signUpResponse.shape.message });
}

export function useSignUp() {
  return useMutation({ mutationFn: postSignUp });
}
