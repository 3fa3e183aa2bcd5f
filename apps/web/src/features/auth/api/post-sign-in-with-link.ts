import { type SignInResult, signInResult } from '@portico/contracts/auth/sign-in';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SignInWithLinkRequest = { token: string; email: string };

// POST /auth: exchanges the link's oobCode for a session cookie.
export function postSignInWithLink(request: SignInWithLinkRequest): Promise<SignInResult> {
  return apiRequest('/auth', {
    method: 'POST',
    body: { token: request.token, email: request.email },
    schema: signInResult,
  });
}

export function useSignInWithLink() {
  return useMutation({ mutationFn: postSignInWithLink });
}
