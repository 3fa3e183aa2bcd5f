import { filterMenu, type MenuEntry } from '@portico/contracts/access/menu';
import { useMemo } from 'react';
import { useSignedInSession } from '../lib/auth/session-context';
import { portalEnv } from '../lib/portal-env';

// The signed-in user's menu: what the sidebar lists, and so what the route gate opens.
export function usePortalMenu(): MenuEntry[] {
  const { user, permissionsState, isViewingAs } = useSignedInSession();
  return useMemo(
    () =>
      filterMenu({
        user,
        permissionsState,
        providerDomain: portalEnv.providerDomain,
        partnerDomains: portalEnv.partnerDomains,
        isViewingAs,
      }),
    [user, permissionsState, isViewingAs],
  );
}
