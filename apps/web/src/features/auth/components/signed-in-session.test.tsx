import { notifications } from '@mantine/notifications';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, ok, readyDatabase, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { signedInAnswers } from '../../../test/session-stubs';
import { PENDING_LINK_STORAGE_KEY } from '../utils/pending-link';
import { clientIdForPermissions } from './signed-in-session';

describe('clientIdForPermissions', () => {
  const primary = '00000000-0000-4000-8000-000000000001';
  const merchant = '22222222-2222-4222-8222-222222222222';

  it.each([
    [merchant, primary, merchant],
    [primary, primary, null],
    [null, primary, null],
    [merchant, null, merchant],
  ])('client %s, primary %s -> %s', (current, primaryClientId, expected) => {
    expect(clientIdForPermissions(current, primaryClientId)).toBe(expected);
  });
});

describe('signed-in session', () => {
  beforeEach(() => {
    notifications.clean();
    sessionStorage.clear();
  });

  it('links the credential waiting from the retry modal once the user is signed in', async () => {
    sessionStorage.setItem(PENDING_LINK_STORAGE_KEY, 'email');
    const fetchMock = stubFetch({
      ...signedInAnswers(buildSessionUser()),
      '/readyz': readyDatabase,
      '/api/auth/link/continue': ok({ provider: 'google' }),
    });
    renderApp('/home');

    // The first page of a test file loads its route chunks cold.
    expect(
      await screen.findByText('Google sign-in was added to your account.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock).filter((path) => path === 'POST /api/auth/link/continue')).toHaveLength(
      1,
    );
    expect(sessionStorage.getItem(PENDING_LINK_STORAGE_KEY)).toBeNull();
  });

  it('signs out with Session has expired when a call answers 401', async () => {
    // Staff's home asks for the system status: that call finds the session gone.
    stubFetch({
      ...signedInAnswers(buildSessionUser({ user_type: 'admin' })),
      '/readyz': failure(401, 'UNAUTHENTICATED', 'Sign in to continue'),
    });
    const { router } = renderApp('/home');

    expect(await screen.findByText('Session has expired', {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
  });
});
