import { notifications } from '@mantine/notifications';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { PasskeyErrorCode, PasskeyText } from '@portico/contracts/auth/passkeys';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { SecondFactorErrorCode } from '@portico/contracts/auth/second-factor-errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, readyDatabase, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { signedInAnswers, signedOutAnswers } from '../../../test/session-stubs';
import { notAllowed, requestOptions, stubWebAuthn } from '../../../test/webauthn-stub';

// Home's module loads on first use: the first navigation there waits for it.
const slow = { timeout: 10_000 };
const user = buildSessionUser();
const clientId = '11111111-1111-4111-8111-111111111111';
const result = { clientid: clientId, utype: 'user', details: { email: user.email, name: user.name } };
const continueUrl = encodeURIComponent(
  `http://localhost:3000/app/sso?email=${encodeURIComponent(user.email)}`,
);

// The server's answers while the sign-in waits for its code.
const waiting: Record<string, StubbedAnswer> = {
  ...signedOutAnswers,
  '/api/user': failure(401, 'SECOND_FACTOR_REQUIRED', SecondFactorText.Required),
  'GET /api/second-factor/challenge': ok({
    email: user.email,
    has_authenticator_app: true,
    has_passkey: false,
    must_set_up: false,
  }),
};

function bodyOf(fetchMock: ReturnType<typeof stubFetch>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('the second-factor page', () => {
  beforeEach(() => notifications.clean());

  it('follows the e-mail link to the code, says a wrong code is not valid, and goes Home with the right one', async () => {
    const answers: Record<string, StubbedAnswer> = {
      ...signedOutAnswers,
      '/auth': ok({ ...result, second_factor_required: true }),
    };
    const fetchMock = stubFetch(answers);
    const { router } = renderApp(`/sso?oobCode=tok&continueUrl=${continueUrl}`);
    // POST /auth answered: the session waits for the code.
    Object.assign(answers, waiting, {
      'POST /api/second-factor/challenge': failure(
        422,
        'SECOND_FACTOR_CODE_NOT_VALID',
        SecondFactorText.CodeNotValid,
      ),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/second-factor'), slow);
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.getByText(`Signing in as ${user.email}`)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not valid.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/second-factor');

    // Once the code is taken the waiting sign-in is gone: asked again, the challenge answers 401,
    // which must not send the new session back to /login.
    Object.assign(answers, signedInAnswers(user), {
      '/readyz': readyDatabase,
      'POST /api/second-factor/challenge': ok(result),
      'GET /api/second-factor/challenge': failure(
        401,
        SecondFactorErrorCode.NoChallenge,
        SecondFactorText.NoChallenge,
      ),
    });
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'), slow);
    expect(bodyOf(fetchMock, '/api/second-factor/challenge')).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const answers: Record<string, StubbedAnswer> = {
      ...waiting,
      'POST /api/second-factor/challenge': ok(result),
    };
    const fetchMock = stubFetch(answers);
    const { router } = renderApp('/second-factor');

    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    Object.assign(answers, signedInAnswers(user), { '/readyz': readyDatabase });
    await userEvent.type(screen.getByLabelText('Recovery code'), 'k7m2-p7qr-x4ta');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'), slow);
    expect(bodyOf(fetchMock, '/api/second-factor/challenge')).toEqual([{ recovery_code: 'k7m2-p7qr-x4ta' }]);
  });

  it('ends on /login when the fifth wrong code ended the sign-in', async () => {
    stubFetch({
      ...waiting,
      'POST /api/second-factor/challenge': failure(
        401,
        'SECOND_FACTOR_CHALLENGE_ENDED',
        SecondFactorText.ChallengeEnded,
      ),
    });
    const { router } = renderApp('/second-factor');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SecondFactorText.ChallengeEnded)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
  });

  it('sends a visitor with no waiting sign-in to /login, and a waiting one from Home to the code', async () => {
    stubFetch({
      ...signedOutAnswers,
      'GET /api/second-factor/challenge': failure(
        401,
        'SECOND_FACTOR_NO_CHALLENGE',
        SecondFactorText.NoChallenge,
      ),
    });
    const first = renderApp('/second-factor');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/app/login'));
    first.unmount();

    stubFetch(waiting);
    const second = renderApp('/home');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/app/second-factor'), slow);
  });
});

describe('the second-factor page with a passkey', () => {
  beforeEach(() => notifications.clean());
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the passkey to a user without an authenticator app, and goes Home with it', async () => {
    const answers: Record<string, StubbedAnswer> = {
      ...waiting,
      'GET /api/second-factor/challenge': ok({
        email: user.email,
        has_authenticator_app: false,
        has_passkey: true,
        must_set_up: false,
      }),
      'POST /api/second-factor/passkey/options': ok(requestOptions),
      'POST /api/second-factor/passkey': ok(result),
    };
    const fetchMock = stubFetch(answers);
    const browser = stubWebAuthn({});
    const { router } = renderApp('/second-factor');

    const button = await screen.findByRole('button', { name: 'Use a passkey' });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
    Object.assign(answers, signedInAnswers(user), { '/readyz': readyDatabase });
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'), slow);
    expect(browser.get).toHaveBeenCalledTimes(1);
    const [body] = bodyOf(fetchMock, '/api/second-factor/passkey') as { response: { type: string } }[];
    expect(body?.response.type).toBe('public-key');
  });

  it('offers both to a user with an app and a passkey, and says why a passkey was refused', async () => {
    const answers: Record<string, StubbedAnswer> = {
      ...waiting,
      'GET /api/second-factor/challenge': ok({
        email: user.email,
        has_authenticator_app: true,
        has_passkey: true,
        must_set_up: false,
      }),
      'POST /api/second-factor/passkey/options': ok(requestOptions),
      'POST /api/second-factor/passkey': failure(422, PasskeyErrorCode.Unknown, PasskeyText.NotYours),
    };
    stubFetch(answers);
    const browser = stubWebAuthn({ get: notAllowed });
    const { router } = renderApp('/second-factor');

    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PasskeyText.Cancelled);

    browser.get.mockImplementation(stubWebAuthn({}).get.getMockImplementation() as never);
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PasskeyText.NotYours));
    expect(router.state.location.pathname).toBe('/app/second-factor');
  });

  it('takes a user who must have a second factor and has none through setting one up', async () => {
    stubFetch({
      ...waiting,
      'GET /api/second-factor/challenge': ok({
        email: user.email,
        has_authenticator_app: false,
        has_passkey: false,
        must_set_up: true,
      }),
    });
    const { router } = renderApp('/second-factor');
    expect(
      await screen.findByRole('heading', { name: 'Set up two-step verification' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/second-factor');
  });
});
