import { decideRouteAccess } from '@portico/contracts/access/routes';
import { Outlet } from 'react-router';
import { useSignedInSession } from '../../lib/auth/session-context';
import { useCurrentRoute } from '../current-route';
import { NotAllowedPage } from '../pages/not-allowed-page';

// The role check of spec 1 §2.2 for a signed-in user, with the acting role (user while viewing as).
// A refused page stays at its address and says so, inside the layout: no redirect, so no loop.
export function RouteAccessGate() {
  const route = useCurrentRoute();
  const { actingRole } = useSignedInSession();

  if (route && decideRouteAccess(route.access, actingRole) === 'roleNotAllowed') {
    return <NotAllowedPage title={route.title} />;
  }
  return <Outlet />;
}
