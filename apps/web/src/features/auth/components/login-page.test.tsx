import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { signedOutAnswers } from '../../../test/session-stubs';
import { PENDING_LINK_STORAGE_KEY } from '../utils/pending-link';

const google = { id: 'google', name: 'Google', start_url: '/auth/oidc/google/start' };
const microsoft = { id: 'microsoft', name: 'Microsoft', start_url: '/auth/oidc/microsoft/start' };

function stubSignedOut(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({ ...signedOutAnswers, ...extra });
}

describe('login page', () => {
  beforeEach(() => {
    notifications.clean();
    sessionStorage.clear();
  });

  it('shows a button per configured provider, the e-mail box and the Sign Up link', async () => {
    stubSignedOut({ '/api/auth/providers': ok([google]) });
    renderApp('/login');

    const googleButton = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(googleButton).toHaveAttribute('href', '/auth/oidc/google/start');
    expect(screen.queryByRole('link', { name: 'Sign in with Microsoft' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Login Link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/app/sign-up');
    expect(screen.queryByRole('link', { name: 'development mailbox' })).not.toBeInTheDocument();
  });

  it('sends a login link and says so, never showing the link', async () => {
    const fetchMock = stubSignedOut({
      '/api/auth/providers': ok([google, microsoft]),
      '/firebase': ok('Email was sent to you. Please check your inbox!'),
    });
    renderApp('/login');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), ' Admin@Portico.example ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Login Link' }));

    expect(await screen.findByText('Email was sent to you. Please check your inbox!')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/firebase');
    expect(call?.[1]?.body).toBe('{"email":"Admin@Portico.example"}');
    expect(requestedPaths(fetchMock)).toContain('POST /firebase');
  });

  it.each([
    ['an empty address', '', null, 'Email is required'],
    [
      'an invalid address',
      'not-an-email',
      failure(400, 'EMAIL_NOT_VALID', 'Email is not valid'),
      'Email is not valid',
    ],
    [
      'a server failure',
      'a@b.example',
      failure(500, 'INTERNAL_ERROR', 'pg: relation missing'),
      'Something went wrong',
    ],
  ])('explains %s with the exact text', async (_case, typed, answer, expected) => {
    stubSignedOut(answer ? { '/firebase': answer } : {});
    renderApp('/login');

    const input = await screen.findByRole('textbox', { name: 'Email' });
    if (typed) await userEvent.type(input, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Send Login Link' }));

    expect((await screen.findAllByText(expected)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/pg: relation/)).not.toBeInTheDocument();
  });

  it('links the development mailbox only when the server has one', async () => {
    stubSignedOut({ '/api/dev/mailbox': ok([]) });
    renderApp('/login');

    expect(await screen.findByRole('link', { name: 'development mailbox' })).toHaveAttribute(
      'href',
      '/app/dev/mailbox',
    );
  });

  it('shows the confirmation modal after an unverified social sign-in', async () => {
    stubSignedOut();
    const { router } = renderApp('/login?notice=verify-email');

    expect(
      await screen.findByText('We have sent you a confirmation email. Please check your inbox!'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it.each([
    ['not-recognized', 'Email address not recognized. Please try another.'],
    ['state', 'Something went wrong.'],
    ['failed', 'Something went wrong.'],
  ])('turns ?error=%s into a toast', async (reason, text) => {
    stubSignedOut();
    renderApp(`/login?error=${reason}`);

    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('offers to continue with the existing method: a provider is a full-page sign-in', async () => {
    stubSignedOut({ '/api/auth/providers': ok([google, microsoft]) });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderApp('/login?link=microsoft');

    expect(await screen.findByText('Your account was created with Microsoft.')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Sign in with Microsoft' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(assign).toHaveBeenCalledWith('/auth/oidc/microsoft/start');
    expect(sessionStorage.getItem(PENDING_LINK_STORAGE_KEY)).toBe('microsoft');
  });

  it('offers to continue with the e-mail link: the e-mail entry modal sends one', async () => {
    stubSignedOut({ '/firebase': ok('Email was sent to you. Please check your inbox!') });
    renderApp('/login?link=email');

    expect(await screen.findByText('Your account was created with an email login link.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'Please enter your email here' });
    expect(dialog).toHaveTextContent('We will send a login link to this address.');
    const inputs = screen.getAllByRole('textbox', { name: 'Email' });
    await userEvent.type(inputs[inputs.length - 1] ?? dialog, 'owner@harborlanecoffee.example');
    const sendButtons = screen.getAllByRole('button', { name: 'Send Login Link' });
    await userEvent.click(sendButtons[sendButtons.length - 1] ?? dialog);

    expect(await screen.findByText('Email was sent to you. Please check your inbox!')).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_LINK_STORAGE_KEY)).toBe('email');
  });
});
