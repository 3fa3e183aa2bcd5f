import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { type ApiKeyRecord, ApiKeysText } from '@portico/contracts/virtual-terminals/api-keys';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderDashboard } from '../test/render-dashboard';
import { ApiKeysCard } from './api-keys-card';

const ledgerId = '44444444-4444-4444-8444-444444444444';
const alderId = '55555555-5555-4555-8555-555555555555';
const user = buildSessionUser({ user_type: 'user', defaultClientId: ledgerId });

// Ledger Lane: the caller may read its secret key (the list answers it masked); Alder Bakery: the
// publishable key only.
const records: ApiKeyRecord[] = [
  {
    id: ledgerId,
    name: 'Ledger Lane',
    parent_id: null,
    apikey: '****_old',
    public_key: 'pk_ledger',
  },
  { id: alderId, name: 'Alder Bakery', parent_id: null, apikey: null, public_key: 'pk_alder' },
];

describe('API keys card', () => {
  it('shows the masked secret key, its reveal and its roll only where the server answered it', () => {
    const fetchMock = stubFetch({});
    renderDashboard(<ApiKeysCard records={records} />, { user });

    const ledger = screen.getByRole('group', { name: 'Ledger Lane' });
    expect(within(ledger).getByText('****_old')).toBeInTheDocument();
    expect(within(ledger).getByRole('button', { name: /^Reveal/ })).toBeInTheDocument();
    expect(within(ledger).getByRole('button', { name: ApiKeysText.Roll })).toBeInTheDocument();
    // Showing the card reveals nothing.
    expect(fetchMock).not.toHaveBeenCalled();

    const alder = screen.getByRole('group', { name: 'Alder Bakery' });
    expect(within(alder).getByText('pk_alder')).toBeInTheDocument();
    expect(within(alder).queryByText(new RegExp(`^${ApiKeysText.SecretKey}:`))).not.toBeInTheDocument();
    expect(within(alder).queryByRole('button', { name: /^Reveal/ })).not.toBeInTheDocument();
    expect(within(alder).queryByRole('button', { name: ApiKeysText.Roll })).not.toBeInTheDocument();
  });

  it('reveals the full key on request from the keyboard, and hides it again', async () => {
    const fetchMock = stubFetch({
      'POST /api/user/apikeys/reveal': ok({ id: ledgerId, apikey: 'sk_live_ledger_old' }),
    });
    renderDashboard(<ApiKeysCard records={records} />, { user });

    const ledger = screen.getByRole('group', { name: 'Ledger Lane' });
    const toggle = within(ledger).getByRole('button', {
      name: `${ApiKeysText.Reveal} ${ApiKeysText.SecretKey} of Ledger Lane`,
    });
    toggle.focus();
    await userEvent.keyboard('{Enter}');

    expect(await within(ledger).findByText('sk_live_ledger_old')).toBeInTheDocument();
    expect(within(ledger).queryByText('****_old')).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual(['POST /api/user/apikeys/reveal']);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ client_id: ledgerId });
    // The same button, still focused, now hides the key.
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAccessibleName(`${ApiKeysText.Hide} ${ApiKeysText.SecretKey} of Ledger Lane`);
    await userEvent.keyboard('{Enter}');
    expect(within(ledger).getByText('****_old')).toBeInTheDocument();
    expect(within(ledger).queryByText('sk_live_ledger_old')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of a reveal and keeps the key masked", async () => {
    stubFetch({
      'POST /api/user/apikeys/reveal': failure(403, 'FORBIDDEN', 'You do not have permission to do this'),
    });
    renderDashboard(<ApiKeysCard records={records} />, { user });

    const ledger = screen.getByRole('group', { name: 'Ledger Lane' });
    await userEvent.click(within(ledger).getByRole('button', { name: /^Reveal/ }));
    expect(await within(ledger).findByRole('alert')).toHaveTextContent(
      'You do not have permission to do this',
    );
    expect(within(ledger).getByText('****_old')).toBeInTheDocument();
  });

  it('rolls with the chosen grace period after a confirmation and shows the new key once', async () => {
    const fetchMock = stubFetch({
      'POST /api/user/apikeys/roll': ok({
        id: ledgerId,
        apikey: 'sk_live_ledger_new',
        previous_key_expires_at: '2030-01-04T10:00:00.000Z',
      }),
      '/api/user/apikeys': ok(records),
    });
    renderDashboard(<ApiKeysCard records={records} />, { user });

    const ledger = screen.getByRole('group', { name: 'Ledger Lane' });
    await userEvent.click(within(ledger).getByRole('button', { name: ApiKeysText.Roll }));
    const dialog = await screen.findByRole('dialog');
    const grace = within(dialog).getByRole('combobox', { name: ApiKeysText.GracePeriod });
    // Every choice from no grace period to 7 days.
    const choices = within(grace).getAllByRole('option');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'No grace period: the old key stops now',
      '1 day',
      '2 days',
      '3 days',
      '4 days',
      '5 days',
      '6 days',
      '7 days',
    ]);
    await userEvent.selectOptions(grace, '3 days');

    await userEvent.click(within(dialog).getByRole('button', { name: ApiKeysText.Roll }));
    // Nothing is sent before the confirmation.
    expect(fetchMock).not.toHaveBeenCalled();
    const confirmation = within(dialog).getByRole('group', { name: 'Confirmation' });
    await userEvent.click(within(confirmation).getByRole('button', { name: ApiKeysText.Confirm }));

    expect(await within(dialog).findByText('sk_live_ledger_new')).toBeInTheDocument();
    expect(within(dialog).getByText(ApiKeysText.NewKeyShownOnce)).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ client_id: ledgerId, grace_days: 3 });
  });
});
