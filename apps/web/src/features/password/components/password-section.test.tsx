import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { PasswordSection } from './password-section';

afterEach(() => vi.unstubAllGlobals());

const user = buildSessionUser({ email: 'dana.reyes@harbor.example' });
const rule =
  'At least 12 characters. Not a common password, and not containing the name of your e-mail address.';
const timezone = { '/api/timezone': ok([['America/New_York', 'Eastern']]) };

function setPasswordCall(fetchMock: ReturnType<typeof stubFetch>) {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => String(input) === '/api/auth/password' && init?.method === 'POST',
  );
  return call?.[1]?.body;
}

describe('PasswordSection', () => {
  it('sets a first password: the rule before typing, the refusal and why only once the field was left', async () => {
    const fetchMock = stubFetch({
      ...timezone,
      'GET /api/auth/password': ok({ has_password: false, set_at: null }),
      'POST /api/auth/password': ok('Your password was saved'),
    });
    renderFeature(<PasswordSection />, { user });

    const region = await screen.findByRole('region', { name: 'Password' });
    expect(
      await within(region).findByText(
        'You have no password yet: you sign in with a login link or a provider.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(within(region).getByText(rule)).toBeInTheDocument();

    const field = within(region).getByLabelText('Password');
    await userEvent.type(field, 'short');
    expect(within(region).queryByText('Password is too weak')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await within(region).findByText('Password is too weak')).toBeInTheDocument();
    expect(within(region).getByText('Use at least 12 characters.')).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, 'xx-dana.reyes-xx');
    expect(
      within(region).getByText('It must not contain the name of your e-mail address.'),
    ).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Set password' }));
    expect(setPasswordCall(fetchMock)).toBeUndefined();

    await userEvent.clear(field);
    await userEvent.type(field, 'lantern-orbit-tulip-42');
    expect(within(region).queryByText('Password is too weak')).not.toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password was saved')).toBeInTheDocument();
    expect(setPasswordCall(fetchMock)).toBe('{"new_password":"lantern-orbit-tulip-42"}');
  });

  it('changes a password with the current one, and shows the server’s refusals where they belong', async () => {
    const fetchMock = stubFetch({
      ...timezone,
      'GET /api/auth/password': ok({ has_password: true, set_at: '2026-11-30T15:00:00.000Z' }),
      'POST /api/auth/password': failure(
        422,
        'CURRENT_PASSWORD_NOT_VALID',
        'Current password is not correct',
      ),
    });
    renderFeature(<PasswordSection />, { user });

    const region = await screen.findByRole('region', { name: 'Password' });
    expect(
      await within(region).findByText('Your password was set on 2026-11-30 10:00:00 EST.'),
    ).toBeInTheDocument();
    await userEvent.type(within(region).getByLabelText('New password'), 'lantern-orbit-tulip-42');
    await userEvent.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(await within(region).findByText('Enter your current password')).toBeInTheDocument();
    expect(setPasswordCall(fetchMock)).toBeUndefined();

    await userEvent.type(within(region).getByLabelText('Current password'), 'not-it');
    await userEvent.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(await within(region).findByText('Current password is not correct')).toBeInTheDocument();
    expect(setPasswordCall(fetchMock)).toBe(
      '{"current_password":"not-it","new_password":"lantern-orbit-tulip-42"}',
    );
    expect(requestedPaths(fetchMock)).toContain('POST /api/auth/password');
  });

  it('shows a common password refused by the server with its reason, and a 5xx as Something went wrong', async () => {
    const fetchMock = stubFetch({
      ...timezone,
      'GET /api/auth/password': ok({ has_password: false, set_at: null }),
    });
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ status: true, message: { has_password: false, set_at: null } })),
    );
    renderFeature(<PasswordSection />, { user });
    const region = await screen.findByRole('region', { name: 'Password' });
    await within(region).findByText('You have no password yet: you sign in with a login link or a provider.');

    const answers = [
      failure(422, 'WEAK_PASSWORD', 'Password is too weak'),
      failure(500, 'INTERNAL_ERROR', 'pg: boom'),
    ];
    answers[0] = {
      status: 422,
      body: {
        status: false,
        error: {
          code: 'WEAK_PASSWORD',
          message: 'Password is too weak',
          issues: [{ path: 'new_password', message: 'This is one of the most commonly used passwords.' }],
        },
      },
    };
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/auth/password' && init?.method === 'POST') {
        const answer = answers.shift();
        return new Response(JSON.stringify(answer?.body), { status: answer?.status ?? 200 });
      }
      return new Response(JSON.stringify({ status: true, message: [['America/New_York', 'Eastern']] }));
    });

    await userEvent.type(within(region).getByLabelText('Password'), 'qwertyuiop123');
    await userEvent.click(within(region).getByRole('button', { name: 'Set password' }));
    expect(
      await within(region).findByText('This is one of the most commonly used passwords.'),
    ).toBeInTheDocument();
    expect(within(region).getByText('Password is too weak')).toBeInTheDocument();

    await userEvent.type(within(region).getByLabelText('Password'), '4');
    await userEvent.click(within(region).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText(/pg: boom/)).not.toBeInTheDocument();
  });
});
