import { notifications } from '@mantine/notifications';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, ok, readyDatabase, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { signedInAnswers, signedOutAnswers } from '../../../test/session-stubs';

const link = (query: string) => `/verify-email?${query}`;
const continueUrl = encodeURIComponent(
  'http://localhost:3000/app/sso?email=owner%40harborlanecoffee.example',
);
const clientId = '11111111-1111-4111-8111-111111111111';
const slow = { timeout: 4000 };

describe('e-mail link sign-in', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('forwards /verify-email?mode=signIn to /sso with the same query, then signs in and goes Home', async () => {
    const user = buildSessionUser();
    const authAnswer = ok({
      clientid: clientId,
      utype: 'user',
      details: { email: user.email, name: user.name },
    });
    const signedOut: Record<string, StubbedAnswer> = { ...signedOutAnswers, '/auth': authAnswer };
    const signedIn: Record<string, StubbedAnswer> = { ...signedInAnswers(user), '/readyz': readyDatabase };
    // The server knows the session once POST /auth answered.
    let hasSession = false;
    const fetchMock = stubFetch({});
    fetchMock.mockImplementation(async (input) => {
      const { pathname } = new URL(String(input), 'http://portal.test');
      const answer = (hasSession ? signedIn : signedOut)[pathname];
      if (pathname === '/auth') hasSession = true;
      if (!answer) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    });
    const { router } = renderApp(link(`oobCode=tok123&mode=signIn&continueUrl=${continueUrl}`));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/sso'));
    expect(router.state.location.search).toContain('oobCode=tok123');
    expect(await screen.findByText('Signing you in')).toBeInTheDocument();

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'), slow);
    const authCall = fetchMock.mock.calls.find(([input]) => String(input) === '/auth');
    expect(authCall?.[1]?.body).toBe('{"token":"tok123","email":"owner@harborlanecoffee.example"}');
  });

  it('a used or expired link ends on /login with Session has expired', async () => {
    stubFetch({
      ...signedOutAnswers,
      '/auth': failure(401, 'INVALID_OR_EXPIRED_TOKEN', 'Session has expired'),
    });
    const { router } = renderApp(`/sso?oobCode=used&continueUrl=${continueUrl}`);

    expect(await screen.findByText('Session has expired', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
  });

  it('an account without a client is not recognised', async () => {
    stubFetch({
      ...signedOutAnswers,
      '/auth': ok({ clientid: null, utype: 'user', details: { email: 'x@y.example', name: 'X' } }),
    });
    const { router } = renderApp(`/sso?oobCode=tok&continueUrl=${continueUrl}`);

    expect(
      await screen.findByText('Email address not recognized. Please try another.', {}, slow),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
  });

  it('a tampered link (no code) never shows a blank page: Session has expired on /login', async () => {
    stubFetch(signedOutAnswers);
    const { router } = renderApp('/sso?continueUrl=%%%');

    expect(await screen.findByText('Session has expired', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
  });

  it('asks for the address when the link carries none (opened in another browser)', async () => {
    const fetchMock = stubFetch({
      ...signedOutAnswers,
      '/auth': failure(401, 'INVALID_OR_EXPIRED_TOKEN', 'Session has expired'),
    });
    renderApp('/sso?oobCode=tok');

    const dialog = await screen.findByRole('dialog', { name: 'Please enter your email here' }, slow);
    expect(dialog).toHaveTextContent('You received a login link at this address.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'owner@harborlanecoffee.example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Session has expired')).toBeInTheDocument();
    const authCall = fetchMock.mock.calls.find(([input]) => String(input) === '/auth');
    expect(authCall?.[1]?.body).toBe('{"token":"tok","email":"owner@harborlanecoffee.example"}');
  });

  it('an unknown link mode says the link is not valid', async () => {
    stubFetch(signedOutAnswers);
    renderApp(link('oobCode=x&mode=resetPassword'));

    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
  });

  it('confirms the address of a social sign-in (mode verifyEmail)', async () => {
    stubFetch({ ...signedOutAnswers, '/api/auth/verify-email': ok('Email was verified') });
    const { router } = renderApp(link('oobCode=v1&mode=verifyEmail'));

    expect(await screen.findByText('Email was verified')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
  });
});
