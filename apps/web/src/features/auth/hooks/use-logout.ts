import { type Query, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { stopViewingAs } from '../../../lib/auth/view-as';
import { authKeys } from '../api/keys';
import { postLogout } from '../api/post-logout';
import { forgetPendingLink } from '../utils/pending-link';

function isSessionQuery(query: Query): boolean {
  const sessionKey = authKeys.session();
  return sessionKey.every((part, index) => query.queryKey[index] === part);
}

// Logout revokes the session (POST /logout), clears the user, view-as and every cached
// answer, and returns to /login. Safe to call twice (inactivity and an expired session can coincide).
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isLoggingOut = useRef(false);

  return useCallback(async () => {
    if (isLoggingOut.current) return;
    isLoggingOut.current = true;
    try {
      await postLogout();
    } catch {
      // The session may already be gone, or the server unreachable: this browser signs out anyway.
    }
    stopViewingAs();
    forgetPendingLink();
    await queryClient.cancelQueries();
    // Signed out first, so the guard of the page being left sends nobody back in.
    queryClient.setQueryData(authKeys.authenticated(), false);
    queryClient.setQueryData(authKeys.sessionUser(), null);
    await navigate('/login', { replace: true });
    queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query) });
    isLoggingOut.current = false;
  }, [queryClient, navigate]);
}
