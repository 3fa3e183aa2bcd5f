import { MantineProvider } from '@mantine/core';
import type { SessionUser } from '@portico/contracts/access/session-user';
import type { MyClient } from '@portico/contracts/auth/my-clients';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastHost } from '../../../components/toast-host';
import { type SignedInSession, SignedInSessionProvider } from '../../../lib/auth/session-context';
import { theme } from '../../../test/app-parts';

type DashboardRenderOptions = {
  user: SessionUser;
  myClients?: readonly MyClient[] | undefined;
  viewAsClientId?: string | null;
};

// Where the router went, so a test can see a navigation.
function CurrentLocation() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}`}</output>;
}

// A home feature component as the signed-in layout shows it, for any user (renderFeature builds its
// own user from a role only): Mantine, a fresh query cache, the session, a router and the toast host.
export function renderDashboard(
  ui: ReactElement,
  { user, myClients = [], viewAsClientId = null }: DashboardRenderOptions,
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const isViewingAs = viewAsClientId !== null;
  const session: SignedInSession = {
    user,
    actingRole: isViewingAs ? 'user' : user.user_type,
    viewAsClientId,
    isViewingAs,
    permissionsState: 'loaded',
    permissions: null,
    myClients,
    logout: async () => {},
  };
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SignedInSessionProvider session={session}>
          <MemoryRouter initialEntries={['/home']}>
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
            <CurrentLocation />
          </MemoryRouter>
          <ToastHost />
        </SignedInSessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
