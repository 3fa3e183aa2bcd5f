import { isShownInMenu, landingPathInsteadOfHome } from '@portico/contracts/access/menu';
import { decideRouteAccess, portalDefaultPath } from '@portico/contracts/access/routes';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useSignedInSession } from '../../lib/auth/session-context';
import { usePortalMenu } from '../../lib/auth/use-portal-menu';
import { useCurrentRoute } from '../current-route';
import { NotAllowedPage } from '../pages/not-allowed-page';

// The route's role check for a signed-in user, with the acting role (user while viewing as).
// A page the user's menu lists opens whatever its roles say (no dead ends: an RBAC merchant's
// grants decide the menu). A refused page stays at its address and says so, inside the
// layout: no redirect, so no loop. The one exception is Home, where sign-in lands: a role that may
// not open it (alpha) lands on the first page of its menu instead.
export function RouteAccessGate() {
  const route = useCurrentRoute();
  const { actingRole, permissionsState } = useSignedInSession();
  const menu = usePortalMenu();

  if (route && decideRouteAccess(route.access, actingRole) === 'roleNotAllowed') {
    if (isShownInMenu(menu, route.path)) return <Outlet />;
    // The grants that may open it are still on their way: no refusal before they are known.
    if (permissionsState === 'loading') return <PageLoader />;
    const landing = route.path === portalDefaultPath ? landingPathInsteadOfHome(menu) : null;
    if (landing !== null) return <Navigate to={landing} replace />;
    return <NotAllowedPage title={route.title} />;
  }
  return <Outlet />;
}
