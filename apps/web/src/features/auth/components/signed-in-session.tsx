import type { PermissionsLoadState } from '@portico/contracts/access/menu';
import { actingRole } from '@portico/contracts/access/permissions';
import type { SessionUser } from '@portico/contracts/access/session-user';
import { type ReactNode, useCallback, useMemo, useSyncExternalStore } from 'react';
import { showToast } from '../../../components/toasts';
import { type SignedInSession, SignedInSessionProvider } from '../../../lib/auth/session-context';
import { readViewAsClientId, subscribeToViewAs } from '../../../lib/auth/view-as';
import { portalEnv } from '../../../lib/portal-env';
import { useMerchantPermissions } from '../api/get-merchant-permissions';
import { useMyClients } from '../api/get-my-clients';
import { postAuthenticated } from '../api/post-authenticated';
import { useInactivityLogout } from '../hooks/use-inactivity-logout';
import { useLogout } from '../hooks/use-logout';
import { usePendingLinkContinuation } from '../hooks/use-pending-link-continuation';
import { useAuthenticationCheckOnNavigation, useSignOutWhenSessionExpires } from '../hooks/use-session-watch';
import { useUserColorScheme } from '../hooks/use-user-color-scheme';
import { INACTIVITY_TICK_MS } from '../utils/inactivity.utils';

// The primary client skips the permissions call; so does a user with no client.
export function clientIdForPermissions(
  currentClientId: string | null,
  primaryClientId: string | null,
): string | null {
  if (currentClientId === null) return null;
  return currentClientId === primaryClientId ? null : currentClientId;
}

function permissionsStateOf(
  clientId: string | null,
  query: { isPending: boolean; isError: boolean },
): PermissionsLoadState {
  if (clientId === null) return 'loaded';
  if (query.isError) return 'failed';
  return query.isPending ? 'loading' : 'loaded';
}

type SignedInSessionScopeProps = { user: SessionUser; children: ReactNode };

// Everything that lives as long as the sign-in: permissions and merchants, view-as, the
// navigation check, inactivity logout and the pending credential link. Renders once the user is known.
export function SignedInSessionScope({ user, children }: SignedInSessionScopeProps) {
  const logout = useLogout();
  const viewAsClientId = useSyncExternalStore(subscribeToViewAs, readViewAsClientId, () => null);
  const isViewingAs = viewAsClientId !== null;
  const currentClientId = viewAsClientId ?? user.account.default_client?.id ?? null;
  const permissionsClientId = clientIdForPermissions(currentClientId, portalEnv.primaryClientId);
  const permissions = useMerchantPermissions(permissionsClientId);
  const myClients = useMyClients();

  // Keeps the server's idle limit in step with the inactivity count; false: the session ended elsewhere.
  const keepServerSessionAlive = useCallback(() => {
    postAuthenticated().then(
      (isAuthenticated) => {
        if (!isAuthenticated) void logout();
      },
      () => undefined,
    );
  }, [logout]);

  useUserColorScheme(user.color_scheme);
  useAuthenticationCheckOnNavigation(logout);
  useSignOutWhenSessionExpires(logout);
  usePendingLinkContinuation();
  useInactivityLogout({
    // A warning stays up for the minute until the next tick.
    onWarning: (text) => void showToast({ text, type: 'warning', delay: INACTIVITY_TICK_MS }),
    onLogout: (text) => {
      void showToast({ text, type: 'info' });
      void logout();
    },
    onActiveMinute: keepServerSessionAlive,
  });

  const permissionsState = permissionsStateOf(permissionsClientId, permissions);
  const session = useMemo<SignedInSession>(
    () => ({
      user,
      actingRole: actingRole(user, isViewingAs),
      viewAsClientId,
      isViewingAs,
      permissionsState,
      permissions: permissions.data ?? null,
      myClients: myClients.data,
      logout,
    }),
    [user, isViewingAs, viewAsClientId, permissionsState, permissions.data, myClients.data, logout],
  );

  return <SignedInSessionProvider session={session}>{children}</SignedInSessionProvider>;
}
