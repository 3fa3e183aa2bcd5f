import { type MimicState, mimicStateResponse } from '@portico/contracts/access/mimic';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/mimic/session {token}: the staff session becomes a marked session as the user.
export function postMimicSession(request: { token: string }): Promise<MimicState> {
  return apiRequest('/api/mimic/session', {
    method: 'POST',
    body: { token: request.token },
    schema: mimicStateResponse.shape.message,
  });
}

export function useOpenMimicSession() {
  return useMutation({ mutationFn: postMimicSession });
}
