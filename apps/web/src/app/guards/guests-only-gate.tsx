import { portalDefaultPath } from '@portico/contracts/access/routes';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useAuthenticated } from '../../features/auth/api/post-authenticated';

// The sign-in screens are for guests: someone already signed in goes to Home.
// Asks POST /authenticated rather than GET /api/user, so these pages load without zod.
export function GuestsOnlyGate() {
  const authenticated = useAuthenticated();

  if (authenticated.isPending) return <PageLoader />;
  // Unreachable server: show the sign-in screen; its own calls will say what is wrong.
  if (authenticated.data === true) return <Navigate to={portalDefaultPath} replace />;
  return <Outlet />;
}
