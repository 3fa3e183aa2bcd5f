import { type ChallengeBody, type StepUpAnswer, stepUpAnswer } from '@portico/contracts/auth/second-factor';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/second-factor/step-up: a code from the app or a recovery code proves the second factor
// again for the sensitive action the server refused.
export function postStepUp(body: ChallengeBody): Promise<StepUpAnswer> {
  return apiRequest('/api/second-factor/step-up', { method: 'POST', body, schema: stepUpAnswer });
}

// The same with one of the caller's passkeys: options, the browser's prompt, the assertion.
export async function stepUpWithPasskey(): Promise<StepUpAnswer> {
  const { getPasskeyAssertion } = await import('../../../lib/webauthn/passkey-ceremony');
  const response = await getPasskeyAssertion('/api/second-factor/step-up/passkey/options');
  return apiRequest('/api/second-factor/step-up/passkey', {
    method: 'POST',
    body: { response },
    schema: stepUpAnswer,
  });
}

export function useStepUp() {
  return useMutation({ mutationFn: postStepUp });
}

export function useStepUpWithPasskey() {
  return useMutation({ mutationFn: stepUpWithPasskey });
}
