import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MimicErrorText, MimicText } from '@portico/contracts/access/mimic';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import type { UserType } from '@portico/contracts/auth/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import { SignedInSessionProvider } from '../../../lib/auth/session-context';
import { theme } from '../../../test/app-parts';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { MimicBanner } from './mimic-banner';
import { MimicPage } from './mimic-page';

const link = `http://portal.test/app/mimic#mimic_token=${'A'.repeat(43)}`;

function renderMimic(ui: React.ReactElement, options: { role?: UserType; rbacEnabled?: boolean } = {}) {
  const role = options.role ?? 'admin';
  const user = buildSessionUser({ user_type: role, rbac_enabled: options.rbacEnabled ?? false });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SignedInSessionProvider
          session={{
            user,
            actingRole: role,
            viewAsClientId: null,
            isViewingAs: false,
            permissionsState: 'loaded',
            permissions: [],
            myClients: [],
            logout: async () => {},
          }}
        >
          <MemoryRouter initialEntries={['/mimic']}>
            <Routes>
              <Route path="/mimic" element={ui} />
              <Route path="/" element={<p>Landing</p>} />
            </Routes>
          </MemoryRouter>
          <ToastHost />
        </SignedInSessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  notifications.clean();
  window.location.hash = '';
});
afterEach(() => {
  window.location.hash = '';
});

describe('MimicPage', () => {
  it('posts the e-mail and shows the link as "Click here to mimic!"', async () => {
    const fetchMock = stubFetch({ 'POST /api/loginlink': ok(link) });
    renderMimic(<MimicPage />);
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'barista@harbor.example');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const anchor = await screen.findByRole('link', { name: MimicText.LinkLabel });
    expect(anchor).toHaveAttribute('href', link);
    expect(await screen.findByText(MimicText.LinkGenerated)).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual(['POST /api/loginlink']);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'barista@harbor.example',
    });
  });

  it('shows "API Error" and the toast "Failed to mimic" when the server refuses', async () => {
    stubFetch({ 'POST /api/loginlink': failure(403, 'MIMIC_NOT_ALLOWED', MimicErrorText.NotAllowed) });
    renderMimic(<MimicPage />, { role: 'parent' });
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'staff@portico.example');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MimicText.ApiError)).toBeInTheDocument();
    expect(screen.getByText(MimicErrorText.NotAllowed)).toBeInTheDocument();
    expect(await screen.findByText(MimicText.Failed)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: MimicText.LinkLabel })).toBeNull();
  });

  it('sends a user without the Permissions permission to / with the MIMIC text', async () => {
    stubFetch({});
    renderMimic(<MimicPage />, { role: 'parent', rbacEnabled: true });
    expect(await screen.findByText(MimicText.NoPermission)).toBeInTheDocument();
    expect(await screen.findByText('Landing')).toBeInTheDocument();
  });

  it('redeems the link of the address bar once and says clearly when it was already used', async () => {
    const fetchMock = stubFetch({
      'POST /api/mimic/session': failure(422, 'MIMIC_LINK_USED', MimicErrorText.LinkUsed),
    });
    window.location.hash = `#mimic_token=${'A'.repeat(43)}`;
    renderMimic(<MimicPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MimicErrorText.LinkUsed);
    expect(requestedPaths(fetchMock)).toEqual(['POST /api/mimic/session']);
    // The token left the address bar.
    expect(window.location.hash).toBe('');
  });
});

describe('MimicBanner', () => {
  it('says whom the session views as, with a Stop button', async () => {
    stubFetch({
      '/api/mimic/session': ok({
        mimicking: { email: 'barista@harbor.example', by_email: 'admin@portico.example' },
      }),
    });
    renderMimic(<MimicBanner />);
    expect(await screen.findByText('Viewing as barista@harbor.example')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Mimic session' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it('shows nothing in a session of one’s own', async () => {
    const fetchMock = stubFetch({ '/api/mimic/session': ok({ mimicking: null }) });
    renderMimic(<MimicBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Mimic session' })).toBeNull();
  });
});
