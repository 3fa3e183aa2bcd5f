import { type SignInResult, signInResult } from '@portico/contracts/auth/sign-in';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// The waiting sign-in's passkey: options, the browser's prompt (loaded on use), then
// POST /api/second-factor/passkey.
export async function postSecondFactorPasskey(): Promise<SignInResult> {
  const { getPasskeyAssertion } = await import('../../../lib/webauthn/passkey-ceremony');
  const response = await getPasskeyAssertion('/api/second-factor/passkey/options');
  return apiRequest('/api/second-factor/passkey', {
    method: 'POST',
    body: { response },
    schema: signInResult,
  });
}

export function useAnswerWithPasskey() {
  return useMutation({ mutationFn: postSecondFactorPasskey });
}
