import { type MimicState, mimicStateResponse } from '@portico/contracts/access/mimic';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// POST /api/mimic/stop: back to the staff member's own session.
export function postMimicStop(): Promise<MimicState> {
  return apiRequest('/api/mimic/stop', { method: 'POST', schema: mimicStateResponse.shape.message });
}

export function useStopMimicking() {
  return useMutation({ mutationFn: postMimicStop });
}
