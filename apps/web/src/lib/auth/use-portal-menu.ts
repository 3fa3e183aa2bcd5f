import { filterMenu, type MenuEntry, type MenuPath } from '@portico/contracts/access/menu';
import { useMemo } from 'react';
import { portalEnv } from '../portal-env';
import { useSignedInSession } from './session-context';

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

// Whether the signed-in user's menu lists this page: features offer a link to a page (Disputes from
// Home or a transaction) only to people whose menu opens it, so a link never leads to a refusal.
export function useIsInPortalMenu(path: MenuPath): boolean {
  const menu = usePortalMenu();
  return menu.some((entry) => entry.path === path);
}
