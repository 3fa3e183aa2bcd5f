import { notifications } from '@mantine/notifications';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { PasskeyText } from '@portico/contracts/auth/passkeys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecoveryCodesText } from '../../../components/recovery-codes-panel';
import { failure, ok, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { creationOptions, notAllowed, stubWebAuthn } from '../../../test/webauthn-stub';
import { PasskeysSection, PasskeysText, removeQuestion } from './passkeys-section';

beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

const laptop = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Work laptop',
  created_at: '2026-11-30T15:00:00.000Z',
  last_used_at: '2026-12-01T09:30:00.000Z',
};
const phone = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Phone',
  created_at: '2026-12-01T16:00:00.000Z',
  last_used_at: null,
};
const timeZone = { '/api/timezone': ok([['America/New_York', 'Eastern']]) };

function bodiesOf(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        new URL(String(input), 'http://portal.test').pathname === path && init?.method === method,
    )
    .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))));
}

function renderSection() {
  renderFeature(<PasskeysSection />, { user: buildSessionUser({ email: 'ann@example.com' }) });
  return screen.findByRole('region', { name: 'Passkeys' });
}

describe('PasskeysSection', () => {
  it('lists passkeys by name with when they were added and last used, in the user’s zone', async () => {
    stubFetch({ 'GET /api/passkeys': ok({ passkeys: [laptop, phone] }), ...timeZone });
    const region = await renderSection();
    const table = await within(region).findByRole('table', { name: 'Passkeys' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
        'Work laptop2026-11-30 10:00:00 EST2026-12-01 04:30:00 EST',
      ),
    );
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Phone2026-12-01 11:00:00 ESTNot yet');
  });

  it('asks a name, runs the browser prompt, and adds the passkey', async () => {
    const answers: Record<string, StubbedAnswer> = {
      'GET /api/passkeys': ok({ passkeys: [] }),
      'POST /api/passkeys/registration/options': ok(creationOptions),
      // The user has an authenticator app already: no recovery codes come with it.
      'POST /api/passkeys/registration': ok({ ...laptop, recovery_codes: null }),
      ...timeZone,
    };
    const fetchMock = stubFetch(answers);
    const browser = stubWebAuthn({});
    const region = await renderSection();
    expect(await within(region).findByText(PasskeysText.None)).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: 'Add a passkey' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Continue' }));
    expect(await within(region).findByText(PasskeyText.NameRequired)).toBeInTheDocument();
    expect(browser.create).not.toHaveBeenCalled();

    Object.assign(answers, { 'GET /api/passkeys': ok({ passkeys: [laptop] }) });
    await userEvent.type(within(region).getByLabelText(/Passkey name/), 'Work laptop');
    await userEvent.click(within(region).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(PasskeysText.Added)).toBeInTheDocument();
    expect(await within(region).findByRole('cell', { name: 'Work laptop' })).toBeInTheDocument();
    expect(browser.create).toHaveBeenCalledTimes(1);
    const [registration] = bodiesOf(fetchMock, 'POST', '/api/passkeys/registration') as {
      name: string;
      response: { id: string; type: string; response: { transports: string[] } };
    }[];
    expect(registration?.name).toBe('Work laptop');
    expect(registration?.response).toMatchObject({
      type: 'public-key',
      response: { transports: ['internal'] },
    });
  });

  it('shows the recovery codes that come with a first second factor, once, before closing', async () => {
    const codes = ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'];
    const answers: Record<string, StubbedAnswer> = {
      'GET /api/passkeys': ok({ passkeys: [] }),
      'POST /api/passkeys/registration/options': ok(creationOptions),
      'POST /api/passkeys/registration': ok({ ...laptop, recovery_codes: codes }),
      ...timeZone,
    };
    stubFetch(answers);
    stubWebAuthn({});
    const region = await renderSection();
    await userEvent.click(await within(region).findByRole('button', { name: 'Add a passkey' }));
    await userEvent.type(within(region).getByLabelText(/Passkey name/), 'Work laptop');
    await userEvent.click(within(region).getByRole('button', { name: 'Continue' }));
    expect(await within(region).findByText(RecoveryCodesText.Heading)).toBeInTheDocument();
    for (const code of codes) expect(within(region).getByText(code)).toBeInTheDocument();
  });

  it('says so when the person closes the browser prompt or the server refuses the passkey', async () => {
    const answers: Record<string, StubbedAnswer> = {
      'GET /api/passkeys': ok({ passkeys: [] }),
      'POST /api/passkeys/registration/options': ok(creationOptions),
      'POST /api/passkeys/registration': failure(
        409,
        'PASSKEY_ALREADY_REGISTERED',
        PasskeyText.AlreadyRegistered,
      ),
      ...timeZone,
    };
    const fetchMock = stubFetch(answers);
    const browser = stubWebAuthn({ create: notAllowed });
    const region = await renderSection();
    await userEvent.click(await within(region).findByRole('button', { name: 'Add a passkey' }));
    await userEvent.type(within(region).getByLabelText(/Passkey name/), 'Key');
    await userEvent.click(within(region).getByRole('button', { name: 'Continue' }));
    expect(await within(region).findByText(PasskeyText.Cancelled)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/passkeys/registration')).toEqual([]);

    browser.create.mockImplementation(stubWebAuthn({}).create.getMockImplementation() as never);
    await userEvent.click(within(region).getByRole('button', { name: 'Continue' }));
    expect(await within(region).findByText(PasskeyText.AlreadyRegistered)).toBeInTheDocument();
  });

  it('renames, and removes after a confirmation', async () => {
    const answers: Record<string, StubbedAnswer> = {
      'GET /api/passkeys': ok({ passkeys: [laptop, phone] }),
      [`PATCH /api/passkeys/${phone.id}`]: ok({ ...phone, name: 'Pixel' }),
      [`DELETE /api/passkeys/${laptop.id}`]: ok({ is_removed: true }),
      ...timeZone,
    };
    const fetchMock = stubFetch(answers);
    const region = await renderSection();

    await userEvent.click(await within(region).findByRole('button', { name: 'Rename Phone' }));
    const field = within(region).getByLabelText(/New name for "Phone"/);
    await userEvent.clear(field);
    await userEvent.type(field, 'Pixel');
    Object.assign(answers, { 'GET /api/passkeys': ok({ passkeys: [laptop, { ...phone, name: 'Pixel' }] }) });
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PasskeysText.Renamed)).toBeInTheDocument();
    expect(await within(region).findByRole('cell', { name: 'Pixel' })).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PATCH', `/api/passkeys/${phone.id}`)).toEqual([{ name: 'Pixel' }]);

    await userEvent.click(within(region).getByRole('button', { name: 'Remove Work laptop' }));
    const confirmation = within(region).getByRole('group', { name: 'Confirmation' });
    expect(confirmation).toHaveTextContent(removeQuestion('Work laptop'));
    Object.assign(answers, { 'GET /api/passkeys': ok({ passkeys: [{ ...phone, name: 'Pixel' }] }) });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(PasskeysText.Removed)).toBeInTheDocument();
    await waitFor(() => expect(within(region).queryByRole('cell', { name: 'Work laptop' })).toBeNull());
    expect(bodiesOf(fetchMock, 'DELETE', `/api/passkeys/${laptop.id}`)).toHaveLength(1);
  });
});
