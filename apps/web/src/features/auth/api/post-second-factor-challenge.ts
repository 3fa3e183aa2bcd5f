import type { ChallengeBody } from '@portico/contracts/auth/second-factor';
import { type SignInResult, signInResult } from '@portico/contracts/auth/sign-in';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/second-factor/challenge: the code (or a recovery code) that finishes signing in.
export function postSecondFactorChallenge(body: ChallengeBody): Promise<SignInResult> {
  return apiRequest('/api/second-factor/challenge', { method: 'POST', body, schema: signInResult });
}

export function useAnswerSecondFactorChallenge() {
  return useMutation({ mutationFn: postSecondFactorChallenge });
}
