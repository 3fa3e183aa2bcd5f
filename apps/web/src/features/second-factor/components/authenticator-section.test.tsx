import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { tinyPngBase64 } from '../../../test/session-stubs';
import { AuthenticatorSection } from './authenticator-section';

afterEach(() => vi.unstubAllGlobals());

const off = { is_enabled: false, enrolled_at: null, recovery_codes_left: 0 };
const on = { is_enabled: true, enrolled_at: '2026-11-30T15:00:00.000Z', recovery_codes_left: 10 };
const codes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cc${String.fromCharCode(97 + i)}a`);
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const timeZone = { '/api/timezone': ok([['America/New_York', 'Eastern']]) };

describe('AuthenticatorSection', () => {
  it('sets up an app: QR code and key, a wrong code refused, then the recovery codes once', async () => {
    const answers: Record<string, StubbedAnswer> = {
      'GET /api/second-factor': ok(off),
      'POST /api/second-factor/enrolment': ok({
        secret,
        otpauth_uri: `otpauth://totp/Portico:x?secret=${secret}`,
        qr_code: `data:image/png;base64,${tinyPngBase64}`,
      }),
      'POST /api/second-factor/enrolment/confirm': failure(
        422,
        'SECOND_FACTOR_CODE_NOT_VALID',
        SecondFactorText.CodeNotValid,
      ),
      ...timeZone,
    };
    const fetchMock = stubFetch(answers);
    renderFeature(<AuthenticatorSection />, { user: buildSessionUser({ email: 'ann@example.com' }) });

    const region = await screen.findByRole('region', { name: 'Authenticator app' });
    expect(await within(region).findByText('Off: you sign in without a code.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Set up' }));

    expect(
      await screen.findByRole('img', { name: 'QR code to add Portico to your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Key for manual entry')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    await userEvent.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code is not valid.')).toBeInTheDocument();

    Object.assign(answers, {
      'POST /api/second-factor/enrolment/confirm': ok({ recovery_codes: codes }),
      'GET /api/second-factor': ok(on),
    });
    await userEvent.clear(screen.getByLabelText('Code from your authenticator app'));
    await userEvent.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    await userEvent.click(done);

    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(
      await screen.findByText(
        /On since 2026-11-30 10:00:00 EST: every sign-in asks a code from the app\. 10 recovery codes left\./,
      ),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('POST /api/second-factor/enrolment/confirm');
  });

  it('disables with a current code', async () => {
    const answers: Record<string, StubbedAnswer> = {
      'GET /api/second-factor': ok(on),
      'POST /api/second-factor/disable': ok(off),
      ...timeZone,
    };
    const fetchMock = stubFetch(answers);
    renderFeature(<AuthenticatorSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    await userEvent.type(screen.getByLabelText('Code from your authenticator app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('The authenticator app was removed.')).toBeInTheDocument();
    expect(await screen.findByText('Off: you sign in without a code.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/second-factor/disable');
    expect(call?.[1]?.body).toBe('{"code":"654321"}');
  });

  it('shows new recovery codes after a current code', async () => {
    stubFetch({
      'GET /api/second-factor': ok({ ...on, recovery_codes_left: 1 }),
      'POST /api/second-factor/recovery-codes': ok({ recovery_codes: codes }),
      ...timeZone,
    });
    renderFeature(<AuthenticatorSection />);
    expect(await screen.findByText(/1 recovery code left\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await userEvent.type(screen.getByLabelText('Code from your authenticator app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
  });
});
