import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { signedOutAnswers } from '../../../test/session-stubs';

describe('reset password page', () => {
  beforeEach(() => notifications.clean());

  it("asks for a link with the address from 'Forgot password?'", async () => {
    const fetchMock = stubFetch({
      ...signedOutAnswers,
      '/api/auth/password/reset-request': ok('Email was sent to you. Please check your inbox!'),
    });
    renderApp('/reset-password?email=dana%40harbor.example');
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('dana@harbor.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      (await screen.findAllByText('Email was sent to you. Please check your inbox!')).length,
    ).toBeGreaterThan(0);
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/auth/password/reset-request');
    expect(call?.[1]?.body).toBe('{"email":"dana@harbor.example"}');
  });

  it('refuses a short password before calling, then shows a used link clearly', async () => {
    const fetchMock = stubFetch({
      ...signedOutAnswers,
      '/api/auth/password/reset': failure(
        422,
        'RESET_LINK_NOT_VALID',
        'This link has expired or was already used. Ask for a new one with Forgot password?',
      ),
    });
    renderApp('/reset-password?oobCode=used-code');
    const field = await screen.findByLabelText('New password');
    await userEvent.type(field, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Use at least 12 characters.')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain('POST /api/auth/password/reset');

    await userEvent.type(field, '-and-longer');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText(
        'This link has expired or was already used. Ask for a new one with Forgot password?',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/app/reset-password',
    );
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/auth/password/reset');
    expect(call?.[1]?.body).toBe('{"token":"used-code","password":"short-and-longer"}');
  });

  it('signs in with the new password and goes Home', async () => {
    let hasSession = false;
    const fetchMock = stubFetch({});
    fetchMock.mockImplementation(async (input) => {
      const { pathname } = new URL(String(input), 'http://portal.test');
      if (pathname === '/api/auth/password/reset') {
        hasSession = true;
        return new Response(
          JSON.stringify({
            status: true,
            message: { clientid: null, utype: 'admin', details: { email: 'a@portico.example', name: 'A' } },
          }),
        );
      }
      if (pathname === '/authenticated')
        return new Response(JSON.stringify({ status: true, message: hasSession }));
      const answer = signedOutAnswers[pathname];
      return new Response(JSON.stringify(answer?.body ?? {}), { status: answer?.status ?? 404 });
    });
    const { router } = renderApp('/reset-password?oobCode=good-code');
    await userEvent.type(await screen.findByLabelText('New password'), 'lantern-orbit-tulip-42');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password was saved')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/app/reset-password'));
  });
});
