import { notifications } from '@mantine/notifications';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  failure,
  ok,
  readyDatabase,
  requestedPaths,
  type StubbedAnswer,
  stubFetch,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { signedInAnswers, signedOutAnswers } from '../../../test/session-stubs';

const signInPath = '/api/auth/password/sign-in';

async function typeCredentials(email: string, password: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('login page: password sign-in', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('offers the password beside the login link, and Forgot password? with the typed address', async () => {
    stubFetch(signedOutAnswers);
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Send Login Link' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'Sign in with password' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'dana@harbor.example');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/app/reset-password?email=dana%40harbor.example',
    );
  });

  it('signs in with the password and goes Home', async () => {
    const user = buildSessionUser();
    const result = ok({
      clientid: user.account.default_client?.id ?? null,
      utype: 'user',
      details: { email: user.email, name: user.name },
    });
    const signedOut: Record<string, StubbedAnswer> = { ...signedOutAnswers, [signInPath]: result };
    const signedIn: Record<string, StubbedAnswer> = { ...signedInAnswers(user), '/readyz': readyDatabase };
    let hasSession = false;
    const fetchMock = stubFetch({});
    fetchMock.mockImplementation(async (input) => {
      const { pathname } = new URL(String(input), 'http://portal.test');
      const answer = (hasSession ? signedIn : signedOut)[pathname];
      if (pathname === signInPath) hasSession = true;
      if (!answer) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    });
    const { router } = renderApp('/login');

    await typeCredentials(' Dana@Harbor.example ', 'lantern-orbit-tulip-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'), { timeout: 5000 });
    const call = fetchMock.mock.calls.find(([input]) => String(input) === signInPath);
    expect(call?.[1]?.body).toBe('{"email":"Dana@Harbor.example","password":"lantern-orbit-tulip-42"}');
  });

  it("shows 'Credentials are not valid' under the password for a wrong one, and Enter signs in with it", async () => {
    const fetchMock = stubFetch({
      ...signedOutAnswers,
      [signInPath]: failure(401, 'CREDENTIALS_NOT_VALID', 'Credentials are not valid'),
    });
    const { router } = renderApp('/login');
    await typeCredentials('dana@harbor.example', 'not-it{Enter}');

    // Under the password box and in the toast.
    await waitFor(() => expect(screen.getAllByText('Credentials are not valid')).toHaveLength(2));
    expect(requestedPaths(fetchMock)).toContain(`POST ${signInPath}`);
    expect(requestedPaths(fetchMock)).not.toContain('POST /firebase');
    expect(router.state.location.pathname).toBe('/app/login');
  });

  it("shows 'Please verify your email.' as a danger toast for an address not proved yet", async () => {
    stubFetch({
      ...signedOutAnswers,
      [signInPath]: failure(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email.'),
    });
    const { router } = renderApp('/login');
    await typeCredentials('dana@harbor.example', 'lantern-orbit-tulip-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with password' }));

    expect(await screen.findByText('Please verify your email.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/login');
  });

  it('asks for the address and the password before calling, and shows a 5xx as Something went wrong', async () => {
    const fetchMock = stubFetch({
      ...signedOutAnswers,
      [signInPath]: failure(500, 'INTERNAL_ERROR', 'pg: boom'),
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with password' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain(`POST ${signInPath}`);

    await typeCredentials('dana@harbor.example', 'whatever-it-is');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with password' }));
    expect((await screen.findAllByText('Something went wrong')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/pg: boom/)).not.toBeInTheDocument();
  });
});
