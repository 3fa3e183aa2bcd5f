import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { DashboardLabel, DashboardText } from '@portico/contracts/transactions/texts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { renderDashboard } from '../test/render-dashboard';
import type { TerminalAccount } from '../utils/terminal-accounts.utils';
import { TerminalTools } from './terminal-tools';

const user = buildSessionUser({ user_type: 'user' });

function account(
  overrides: Partial<TerminalAccount> & Pick<TerminalAccount, 'merchantId' | 'name'>,
): TerminalAccount {
  return { publishableKey: null, canOpen: true, canConfigure: true, ...overrides };
}

const alder = account({ merchantId: '22222222-2222-4222-8222-222222222222', name: 'Alder Bakery' });
const birch = account({
  merchantId: '33333333-3333-4333-8333-333333333333',
  name: 'Birch Books',
  canConfigure: false,
});
const keyed = account({
  merchantId: '55555555-5555-4555-8555-555555555555',
  name: 'Cedar Cafe',
  publishableKey: 'pk_test_cedar',
});

function currentLocation() {
  return screen.getByRole('status', { name: 'Current location' }).textContent;
}

describe('virtual terminal tools', () => {
  it("'Select a Virtual Terminal': Go stays disabled until a terminal is chosen", async () => {
    stubFetch({ '/api/virtualterminalurl': ok([]) });
    renderDashboard(<TerminalTools accounts={[alder, keyed]} />, { user });

    await userEvent.click(screen.getByRole('button', { name: DashboardLabel.OpenVirtualTerminal }));
    const dialog = await screen.findByRole('dialog', { name: DashboardLabel.SelectVirtualTerminal });
    expect(within(dialog).getByText(DashboardText.PleaseSelectTerminalFirst)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Go' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Merchant Account' }));
    await userEvent.click(await screen.findByText('Cedar Cafe'));
    // Without a configured terminal the page opens without terminalId (it then offers configuring).
    expect(
      await within(dialog).findByText('No virtual terminals found. Please configure one.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go' }));
    expect(currentLocation()).toBe('/virtual-terminal/pk_test_cedar');
  });

  it('cannot open a terminal of a merchant without an API key', async () => {
    stubFetch({});
    renderDashboard(<TerminalTools accounts={[alder]} />, { user });

    await userEvent.click(screen.getByRole('button', { name: DashboardLabel.OpenVirtualTerminal }));
    const dialog = await screen.findByRole('dialog', { name: DashboardLabel.SelectVirtualTerminal });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Merchant Account' }));
    await userEvent.click(await screen.findByText('Alder Bakery'));
    expect(
      within(dialog).getByText('No virtual terminal key is available for this merchant yet.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Go' })).toBeDisabled();
  });

  it("'Select a Terminal to Configure' marks merchants without the configure permission '(Not Configurable)'", async () => {
    stubFetch({ '/api/virtualterminalurl': ok([]) });
    renderDashboard(<TerminalTools accounts={[birch, keyed]} />, { user });

    await userEvent.click(screen.getByRole('button', { name: DashboardLabel.ConfigureVirtualTerminal }));
    const dialog = await screen.findByRole('dialog', { name: DashboardLabel.SelectTerminalToConfigure });
    expect(within(dialog).getByRole('button', { name: 'Go' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: DashboardLabel.CreateNewTerminal })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Merchant Account' }));
    expect(await screen.findByText(`Birch Books ${DashboardLabel.NotConfigurable}`)).toBeInTheDocument();
    await userEvent.click(screen.getByText('Cedar Cafe'));
    await userEvent.click(within(dialog).getByRole('button', { name: DashboardLabel.CreateNewTerminal }));
    expect(currentLocation()).toBe('/configure-terminal/pk_test_cedar?new=true');
  });

  it("says '(Not Configurable)' on the tool when no merchant may be configured", () => {
    stubFetch({});
    renderDashboard(<TerminalTools accounts={[birch]} />, { user });

    expect(
      screen.getByRole('button', {
        name: `${DashboardLabel.ConfigureVirtualTerminal} ${DashboardLabel.NotConfigurable}`,
      }),
    ).toBeDisabled();
  });
});
