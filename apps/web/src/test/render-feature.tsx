import { MantineProvider } from '@mantine/core';
import type { SessionUser } from '@portico/contracts/access/session-user';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import type { UserType } from '@portico/contracts/auth/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '../app/theme';
import { ToastHost } from '../components/toast-host';
import { type SignedInSession, SignedInSessionProvider } from '../lib/auth/session-context';

// A feature component as a signed-in page shows it: Mantine, a fresh query cache, the session and
// the toast host.
export function renderFeature(
  ui: ReactElement,
  {
    role = 'admin',
    isProcessorAuditUser = false,
    user,
  }: { role?: UserType; isProcessorAuditUser?: boolean; user?: SessionUser } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const session: SignedInSession = {
    user: user ?? buildSessionUser({ user_type: role, processor_audit_user: isProcessorAuditUser }),
    actingRole: role,
    viewAsClientId: null,
    isViewingAs: false,
    permissionsState: 'loaded',
    permissions: null,
    myClients: [],
    logout: async () => {},
  };
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SignedInSessionProvider session={session}>
          {ui}
          <ToastHost />
        </SignedInSessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
