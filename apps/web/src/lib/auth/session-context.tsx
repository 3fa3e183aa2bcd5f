import type { PermissionsLoadState } from '@portico/contracts/access/menu';
import type { PermissionName } from '@portico/contracts/access/permission-names';
import type { SessionUser } from '@portico/contracts/access/session-user';
import type { MyClient } from '@portico/contracts/auth/my-clients';
import type { UserType } from '@portico/contracts/auth/roles';
import { createContext, type ReactNode, useContext } from 'react';

// The signed-in session every page below the guard reads. It is filled by the
// auth feature once GET /api/user answered with a user, so inside the guard the user is never missing.
export type SignedInSession = {
  user: SessionUser;
  // user_type, or 'user' while viewing as another client.
  actingRole: UserType;
  viewAsClientId: string | null;
  isViewingAs: boolean;
  permissionsState: PermissionsLoadState;
  // The caller's permissions on the current client; null until loaded (or when loading is skipped).
  permissions: readonly PermissionName[] | null;
  // GET /api/client/my-clients; undefined until loaded.
  myClients: readonly MyClient[] | undefined;
  logout: () => Promise<void>;
};

const SignedInSessionContext = createContext<SignedInSession | null>(null);

type SignedInSessionProviderProps = { session: SignedInSession; children: ReactNode };

export function SignedInSessionProvider({ session, children }: SignedInSessionProviderProps) {
  return <SignedInSessionContext.Provider value={session}>{children}</SignedInSessionContext.Provider>;
}

export function useSignedInSession(): SignedInSession {
  const session = useContext(SignedInSessionContext);
  if (!session) throw new Error('useSignedInSession is used outside the signed-in part of the portal');
  return session;
}
