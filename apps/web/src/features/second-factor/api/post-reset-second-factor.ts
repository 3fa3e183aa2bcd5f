import { secondFactorResetResponse } from '@portico/contracts/auth/second-factor';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/second-factor/users/{user_id}/reset: staff remove another user's authenticator app.
export function postResetSecondFactor(userId: string): Promise<{ is_reset: true }> {
  return apiRequest(`/api/second-factor/users/${encodeURIComponent(userId)}/reset`, {
    method: 'POST',
    schema: secondFactorResetResponse.shape.message,
  });
}

export function useResetSecondFactor() {
  return useMutation({ mutationFn: postResetSecondFactor });
}
