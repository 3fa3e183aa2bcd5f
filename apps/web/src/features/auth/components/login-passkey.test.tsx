import { notifications } from '@mantine/notifications';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { PasskeyErrorCode, PasskeyText } from '@portico/contracts/auth/passkeys';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, readyDatabase, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { signedInAnswers, signedOutAnswers } from '../../../test/session-stubs';
import { notAllowed, stubWebAuthn } from '../../../test/webauthn-stub';

const user = buildSessionUser();
const result = {
  clientid: user.account.default_client?.id ?? null,
  utype: 'user',
  details: { email: user.email, name: user.name },
};
// Passwordless: any passkey may answer, so none is named.
const signInOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'portal.test',
  allowCredentials: [],
  userVerification: 'required',
};

describe('login page: sign in with a passkey', () => {
  beforeEach(() => notifications.clean());
  afterEach(() => vi.unstubAllGlobals());

  it('runs the browser prompt for any passkey and goes Home without a second factor', async () => {
    const answers: Record<string, StubbedAnswer> = {
      ...signedOutAnswers,
      'POST /api/auth/passkey/options': ok(signInOptions),
      'POST /api/auth/passkey/sign-in': ok(result),
    };
    const fetchMock = stubFetch(answers);
    const browser = stubWebAuthn({});
    const { router } = renderApp('/login');
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    Object.assign(answers, signedInAnswers(user), { '/readyz': readyDatabase });
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'), { timeout: 10_000 });
    const asked = browser.get.mock.calls[0]?.[0] as CredentialRequestOptions;
    expect(asked.publicKey?.allowCredentials ?? []).toEqual([]);
    expect(asked.publicKey?.userVerification).toBe('required');
    const posted = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/auth/passkey/sign-in');
    expect(posted).toHaveLength(1);
  });

  it('tells a closed prompt and an unknown passkey apart, and stays on the login page', async () => {
    stubFetch({
      ...signedOutAnswers,
      'POST /api/auth/passkey/options': ok(signInOptions),
      'POST /api/auth/passkey/sign-in': failure(401, PasskeyErrorCode.Unknown, PasskeyText.Unknown),
    });
    const browser = stubWebAuthn({ get: notAllowed });
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(PasskeyText.Cancelled)).toBeInTheDocument();

    browser.get.mockImplementation(stubWebAuthn({}).get.getMockImplementation() as never);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(PasskeyText.Unknown)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/login');
  });
});
