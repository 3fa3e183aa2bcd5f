import { notifications } from '@mantine/notifications';
import { KeyEntryErrorText, KeyEntryText, type KeyState } from '@portico/contracts/access/key-entry';
import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import type { UserType } from '@portico/contracts/auth/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { KeyEntryPage } from './key-entry-page';

function renderPage(options: { role?: UserType; rbacEnabled?: boolean } = {}) {
  const role = options.role ?? 'admin';
  const user = buildSessionUser({ user_type: role, rbac_enabled: options.rbacEnabled ?? false });
  return renderFeature(
    <MemoryRouter initialEntries={['/key-entry']}>
      <Routes>
        <Route path="/key-entry" element={<KeyEntryPage />} />
        <Route path="/" element={<p>Landing</p>} />
      </Routes>
    </MemoryRouter>,
    { role, user },
  );
}

const openKey: KeyState = {
  algorithm: 'TDES',
  length_bytes: 16,
  kcv: null,
  completed_at: null,
  arn: null,
  components: [
    { position: 1, kcv: 'A1B2C3', loaded_by: 'first@portico.example', loaded_at: '2026-11-25T10:00:00Z' },
  ],
};
const component = '1F2F3D4C5B6B79804F5E6D7C8A9BA1B0';

beforeEach(() => notifications.clean());

describe('KeyEntryPage', () => {
  it('shows the key being entered with its officers and check values', async () => {
    stubFetch({ '/api/key-entry/kcv': ok(openKey) });
    renderPage();
    expect(await screen.findByText('first@portico.example')).toBeInTheDocument();
    expect(screen.getByText(/waiting for a component from another staff member/)).toBeInTheDocument();
    expect(screen.getByText('A1B2C3')).toBeInTheDocument();
  });

  it('checks a component as it is typed and loads it, showing only its check value', async () => {
    const fetchMock = stubFetch({
      '/api/key-entry/kcv': ok(null),
      'POST /api/key-entry': ok({ component_kcv: 'D4E5F6', key: openKey }),
    });
    renderPage();
    const input = screen.getByLabelText(/Key component/, { selector: 'input' });
    await userEvent.type(input, `00${component.slice(2)}`);
    expect(await screen.findByText(/Byte 1 of the component fails the odd-parity check/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load Key Component' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, component);
    await userEvent.click(screen.getByRole('button', { name: 'Load Key Component' }));
    expect(await screen.findByText(KeyEntryText.ComponentLoaded)).toBeInTheDocument();
    expect(screen.getByText('D4E5F6')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('POST /api/key-entry');
    const body = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/key-entry'))?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ component, algorithm: 'TDES' });
    // The field is emptied once loaded.
    expect(input).toHaveValue('');
  });

  it("shows the server's refusal in the result box with the failure toast", async () => {
    stubFetch({
      '/api/key-entry/kcv': ok(openKey),
      'POST /api/key-entry': failure(422, 'KEY_DUAL_CONTROL', KeyEntryErrorText.SecondOfficerNeeded),
    });
    renderPage();
    await userEvent.type(screen.getByLabelText(/Key component/, { selector: 'input' }), component);
    await userEvent.click(screen.getByRole('button', { name: 'Load Key Component' }));
    expect(await screen.findByText(KeyEntryText.ComponentFailed)).toBeInTheDocument();
    const result = screen.getByRole('region', { name: 'Result' });
    expect(within(result).getByText(KeyEntryErrorText.SecondOfficerNeeded)).toBeInTheDocument();
  });

  it('says "Successfully loaded kcv!" on Get KCV and "Successfully loaded IPEK" after an injection', async () => {
    stubFetch({
      '/api/key-entry/kcv': ok({ ...openKey, kcv: '08D7B4', completed_at: '2026-11-25T10:05:00Z' }),
      'POST /api/remote-key-injection': ok({
        ksn: 'FFFF9876543210E00000',
        ipek_kcv: 'AF8C07',
        bdk_kcv: '08D7B4',
        arn: 'arn:aws:payment-cryptography:us-east-2:111122223333:key/abc',
        injected_at: '2026-11-25T10:06:00Z',
      }),
    });
    renderPage();
    expect(await screen.findByText('08D7B4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get KCV' }));
    expect(await screen.findByText(KeyEntryText.KcvLoaded)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Key serial number/), 'FFFF9876543210E00000');
    await userEvent.click(screen.getByRole('button', { name: 'Inject Key' }));
    expect(await screen.findByText(KeyEntryText.IpekLoaded)).toBeInTheDocument();
    expect(screen.getByText('AF8C07')).toBeInTheDocument();
  });

  it('says "Failed to load ARN" when the ARN is refused', async () => {
    stubFetch({
      '/api/key-entry/kcv': ok(openKey),
      'POST /api/key-entry/arn': failure(422, 'KEY_INCOMPLETE', KeyEntryErrorText.KeyIncomplete),
    });
    renderPage();
    await userEvent.type(
      screen.getByLabelText(/ARN/),
      'arn:aws:payment-cryptography:us-east-2:111122223333:key/abc',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load ARN' }));
    expect(await screen.findByText(KeyEntryText.ArnFailed)).toBeInTheDocument();
    expect(screen.getByText(KeyEntryErrorText.KeyIncomplete)).toBeInTheDocument();
  });

  it('sends a user without the Permissions permission to / with "User does not have permission."', async () => {
    stubFetch({});
    renderPage({ role: 'parent', rbacEnabled: true });
    expect(await screen.findByText(KeyEntryText.NoPermission)).toBeInTheDocument();
    expect(await screen.findByText('Landing')).toBeInTheDocument();
  });
});
