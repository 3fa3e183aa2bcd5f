import {
  type OwnSession,
  ownSessionsResponse,
  signOutOthersResponse,
} from '@portico/contracts/auth/own-sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsKeys } from './keys';

// GET /api/user/sessions: the signed-in user's live sessions, the current one marked.
export function getOwnSessions({ signal }: { signal?: AbortSignal } = {}): Promise<OwnSession[]> {
  return apiRequest('/api/user/sessions', { schema: ownSessionsResponse.shape.message, signal });
}

export function useOwnSessions() {
  return useQuery({
    queryKey: sessionsKeys.ownSessions(),
    queryFn: ({ signal }) => getOwnSessions({ signal }),
  });
}

// POST /api/user/sessions/sign-out-others: ends every other session; answers how many ended.
export function postSignOutOthers(): Promise<{ ended: number }> {
  return apiRequest('/api/user/sessions/sign-out-others', {
    method: 'POST',
    schema: signOutOthersResponse.shape.message,
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSignOutOthers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKeys.ownSessions() }),
  });
}
