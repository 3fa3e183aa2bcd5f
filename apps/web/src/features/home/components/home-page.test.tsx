import { buildMembership, buildSessionUser, sampleIds } from '@portico/contracts/access/session-user.factory';
import { FreezeNoticeText } from '@portico/contracts/risk/risk';
import { DashboardLabel } from '@portico/contracts/transactions/texts';
import { ApiKeysText } from '@portico/contracts/virtual-terminals/api-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import {
  alderApiKey,
  alderMaskedApiKey,
  alderPublishableKey,
  alderTerminalId,
  dashboardAnswers,
  merchantA,
  merchantB,
  parentClient,
} from '../test/dashboard-answers';
import { renderDashboard } from '../test/render-dashboard';
import { HomePage } from './home-page';

const admin = buildSessionUser({ user_type: 'admin', email: 'admin@portico.example' });
const auditor = buildSessionUser({ user_type: 'admin', processor_audit_user: true });
const merchantUser = buildSessionUser({
  user_type: 'user',
  memberships: [buildMembership(sampleIds.defaultClient, null)],
});
const parentUser = buildSessionUser({ user_type: 'parent', merchantLevel: 'Parent' });

function region(name: string) {
  return screen.findByRole('region', { name });
}

async function expectFigure(regionName: string, text: string) {
  const card = await region(regionName);
  expect(await within(card).findByText(text)).toBeInTheDocument();
}

const allCards = ['Merchants', 'Parents', 'Open Risk Alerts', 'Open Ops Alerts'];

describe('HomePage role rules', () => {
  it('shows an admin the data sync, the merchant dropdown and every operations card', async () => {
    const fetchMock = stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: admin, myClients: [parentClient, merchantA, merchantB] });

    expect(screen.getByRole('button', { name: DashboardLabel.MerchantDataSync })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Merchant' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: DashboardLabel.OpenVirtualTerminal })).toBeInTheDocument();
    await expectFigure('Merchants', '3');
    await expectFigure('Parents', '1');
    await expectFigure('Open Risk Alerts', '5');
    await expectFigure('Open Ops Alerts', '2');
    // The admin's metrics default to the admin's own default client.
    const paths = requestedPaths(fetchMock);
    for (const path of ['/api/stats', '/api/portal/clients-meta', '/api/risk', '/api/operations']) {
      expect(paths).toContain(`GET ${path}?id=${sampleIds.defaultClient}`);
    }
  });

  it('hides the dropdown, the data sync, the terminal buttons and the operations metrics from a processor-audit admin', async () => {
    const fetchMock = stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: auditor, myClients: [merchantA] });

    await expectFigure('Last 7 Days', '1,234');
    expect(screen.queryByRole('combobox', { name: 'Merchant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DashboardLabel.MerchantDataSync })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: DashboardLabel.OpenVirtualTerminal }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Operations Metrics' })).not.toBeInTheDocument();
    for (const card of allCards) expect(screen.queryByRole('region', { name: card })).not.toBeInTheDocument();
    // No id: the server picks what the auditor reaches.
    expect(requestedPaths(fetchMock)).toContain('GET /api/stats');
    expect(requestedPaths(fetchMock).some((path) => path.includes('/api/risk'))).toBe(false);
  });

  it('gives a merchant user its metrics and terminal tools, none of the admin parts', async () => {
    const fetchMock = stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: merchantUser, myClients: [merchantA] });

    await expectFigure('Last 7 Days', '$12,345.60');
    expect(screen.getByRole('button', { name: DashboardLabel.OpenVirtualTerminal })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Merchant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DashboardLabel.MerchantDataSync })).not.toBeInTheDocument();
    for (const card of allCards) expect(screen.queryByRole('region', { name: card })).not.toBeInTheDocument();
    const paths = requestedPaths(fetchMock);
    expect(paths).toContain('GET /api/stats');
    for (const adminCall of ['/api/portal/clients-meta', '/api/risk', '/api/operations', '/api/v1/manual']) {
      expect(paths.some((path) => path.includes(adminCall))).toBe(false);
    }
  });

  it('shows a parent the Merchants card only', async () => {
    stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: parentUser, myClients: [merchantA] });

    await expectFigure('Merchants', '3');
    for (const card of ['Parents', 'Open Risk Alerts', 'Open Ops Alerts']) {
      expect(screen.queryByRole('region', { name: card })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('combobox', { name: 'Merchant' })).not.toBeInTheDocument();
  });

  it("reloads an admin's figures for the merchant picked in the dropdown, or for all merchants", async () => {
    const fetchMock = stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: admin, myClients: [parentClient, merchantA, merchantB] });

    await userEvent.click(screen.getByRole('combobox', { name: 'Merchant' }));
    await userEvent.click(await screen.findByText('Birch Books Inc'));
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(`GET /api/stats?id=${sampleIds.merchantB}`),
    );
    expect(requestedPaths(fetchMock)).toContain(`GET /api/risk?id=${sampleIds.merchantB}`);

    await userEvent.click(screen.getByRole('combobox', { name: 'Merchant' }));
    await userEvent.click(await screen.findByText('All Merchants'));
    await waitFor(() => expect(requestedPaths(fetchMock)).toContain('GET /api/stats'));
  });
});

describe('Disputes needing a response', () => {
  it("counts a merchant user's open chargebacks and opens the grid filtered to them", async () => {
    const fetchMock = stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: merchantUser, myClients: [merchantA] });
    const card = await screen.findByRole('region', { name: 'Disputes needing a response' });
    expect(await within(card).findByText('2')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('GET /api/disputes?status=needs_response');
    await userEvent.click(within(card).getByRole('link', { name: 'Answer them in Disputes' }));
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
      '/disputes?status=needs_response',
    );
  });

  it('is not shown to a processor-audit user, whose menu has no Disputes', async () => {
    const fetchMock = stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: auditor, myClients: [merchantA] });
    await expectFigure('Last 7 Days', '1,234');
    expect(screen.queryByRole('region', { name: 'Disputes needing a response' })).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock).some((path) => path.includes('/api/disputes'))).toBe(false);
  });
});

describe('Transaction Metrics and Monthly Payout Volume', () => {
  it('shows the count and the gross total with 2 decimals for the last 7 and 30 days ending yesterday', async () => {
    stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: merchantUser, myClients: [merchantA] });

    const last7 = await region('Last 7 Days');
    expect(await within(last7).findByText('2026-05-01 to 2026-05-07')).toBeInTheDocument();
    expect(within(last7).getByText('1,234')).toBeInTheDocument();
    expect(within(last7).getByText('$12,345.60')).toBeInTheDocument();
    const last30 = await region('Last 30 Days');
    expect(within(last30).getByText('5,021')).toBeInTheDocument();
    expect(within(last30).getByText('-$25.00')).toBeInTheDocument();
  });

  it('lists the monthly volume by YYYY-MM month with 2 decimals', async () => {
    stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: merchantUser, myClients: [merchantA] });

    const table = await screen.findByRole('table', { name: DashboardLabel.MonthlyPayoutVolume });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['2026-03$1,000.00', '2026-04$0.00', '2026-05$250,034.05']);
  });

  it('says so when there is no volume to chart', async () => {
    const empty = { last7: [], last30: [], monthlyVolume: [{ month: '2026-05', total: '0.00' }] };
    stubFetch(dashboardAnswers({ '/api/stats': ok(empty) }));
    renderDashboard(<HomePage />, { user: merchantUser, myClients: [merchantA] });

    expect(await screen.findByText('No payout volume in this period')).toBeInTheDocument();
    expect(within(await region('Last 7 Days')).getByText('No figures for this period')).toBeInTheDocument();
  });

  it('shows a failed stats call in each card with a retry', async () => {
    stubFetch(dashboardAnswers({ '/api/stats': failure(500, 'INTERNAL_ERROR', 'boom') }));
    renderDashboard(<HomePage />, { user: merchantUser, myClients: [merchantA] });

    const last7 = await region('Last 7 Days');
    expect(await within(last7).findByRole('alert')).toHaveTextContent('Could not load: boom');
    expect(within(last7).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(await region(DashboardLabel.MonthlyPayoutVolume)).getByRole('alert')).toBeInTheDocument();
  });
});

describe('Certification progress', () => {
  it('shows a merchant in certification its progress by thirds', async () => {
    const certifying = buildSessionUser({ user_type: 'user', is_in_certification: true });
    stubFetch(
      dashboardAnswers({
        '/api/certification': ok({
          client_id: sampleIds.defaultClient,
          is_in_certification: true,
          charges: 2,
          refunds: 1,
          reporting: 0,
          progress: 67,
          date_time_completed: null,
        }),
      }),
    );
    renderDashboard(<HomePage />, { user: certifying, myClients: [merchantA] });

    const card = await region('Certification Progress');
    expect(await within(card).findByText('67%')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Certification progress' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
    expect(within(card).getByText('Reporting: not yet passed (0 tests)')).toBeInTheDocument();
  });

  it('does not ask for certification when the merchant is not in it', async () => {
    const fetchMock = stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: merchantUser, myClients: [merchantA] });

    await region('Last 7 Days');
    expect(requestedPaths(fetchMock).some((path) => path.includes('/api/certification'))).toBe(false);
    expect(screen.queryByRole('region', { name: 'Certification Progress' })).not.toBeInTheDocument();
  });
});

describe('Virtual terminal tools with GET /api/user/apikeys', () => {
  const withoutRbac = buildSessionUser({ user_type: 'user', rbac_enabled: false });

  function currentLocation() {
    return screen.getByRole('status', { name: 'Current location' }).textContent;
  }

  async function pickMerchant(dialogName: string, option: string) {
    const dialog = await screen.findByRole('dialog', { name: dialogName });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Merchant Account' }));
    await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
    return dialog;
  }

  it('opens the terminal of a merchant the server gave a key for, by that key', async () => {
    const fetchMock = stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: withoutRbac, myClients: [merchantA, merchantB] });

    const open = screen.getByRole('button', { name: DashboardLabel.OpenVirtualTerminal });
    await waitFor(() => expect(open).toBeEnabled());
    await userEvent.click(open);
    const dialog = await pickMerchant(DashboardLabel.SelectVirtualTerminal, 'Alder Bakery');
    // Item 7: the merchant's terminals are listed and Go opens the chosen one.
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Terminal' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Front Counter', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go' }));
    expect(currentLocation()).toBe(`/virtual-terminal/${alderPublishableKey}?terminalId=${alderTerminalId}`);
    expect(requestedPaths(fetchMock)).toContain('GET /api/user/apikeys');
    const terminalsCall = fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/api/virtualterminalurl'),
    );
    expect(new Headers(terminalsCall?.[1]?.headers).get('Authorization')).toBe(
      `Bearer ${alderPublishableKey}`,
    );
    // The secret key never reaches an address.
    expect(currentLocation()).not.toContain(alderApiKey);
  });

  it('shows the secret key masked on Home and reveals it only when asked', async () => {
    const fetchMock = stubFetch(
      dashboardAnswers({
        'POST /api/user/apikeys/reveal': ok({ id: sampleIds.merchantA, apikey: alderApiKey }),
      }),
    );
    renderDashboard(<HomePage />, { user: withoutRbac, myClients: [merchantA, merchantB] });

    const keys = await screen.findByRole('region', { name: ApiKeysText.Title });
    expect(within(keys).getByText(alderMaskedApiKey)).toBeInTheDocument();
    expect(within(keys).queryByText(alderApiKey)).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock).some((path) => path.includes('/reveal'))).toBe(false);

    await userEvent.click(within(keys).getByRole('button', { name: /^Reveal/ }));
    expect(await within(keys).findByText(alderApiKey)).toBeInTheDocument();
    expect(requestedPaths(fetchMock).filter((path) => path.includes('/reveal'))).toEqual([
      'POST /api/user/apikeys/reveal',
    ]);
  });

  it('keeps Go disabled for a merchant the server gave no key for', async () => {
    stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: withoutRbac, myClients: [merchantA, merchantB] });

    const open = screen.getByRole('button', { name: DashboardLabel.OpenVirtualTerminal });
    await waitFor(() => expect(open).toBeEnabled());
    await userEvent.click(open);
    const dialog = await pickMerchant(DashboardLabel.SelectVirtualTerminal, 'Birch Books');
    expect(
      within(dialog).getByText('No virtual terminal key is available for this merchant yet.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Go' })).toBeDisabled();
  });

  it("configures or creates a terminal of a keyed merchant from 'Select a Terminal to Configure'", async () => {
    stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: withoutRbac, myClients: [merchantA, merchantB] });

    const configure = screen.getByRole('button', { name: DashboardLabel.ConfigureVirtualTerminal });
    await waitFor(() => expect(configure).toBeEnabled());
    await userEvent.click(configure);
    const dialog = await pickMerchant(DashboardLabel.SelectTerminalToConfigure, 'Alder Bakery');
    await userEvent.click(within(dialog).getByRole('button', { name: DashboardLabel.CreateNewTerminal }));
    expect(currentLocation()).toBe(`/configure-terminal/${alderPublishableKey}?new=true`);
  });

  it('never asks a processor-audit admin for keys', async () => {
    const fetchMock = stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: auditor, myClients: [merchantA] });

    await expectFigure('Last 7 Days', '1,234');
    expect(requestedPaths(fetchMock).some((path) => path.includes('/api/user/apikeys'))).toBe(false);
  });
});

describe('HomePage while the merchant is frozen', () => {
  const frozenUser = buildSessionUser({
    user_type: 'user',
    is_frozen: true,
    memberships: [buildMembership(sampleIds.defaultClient, null)],
  });

  it('tells the merchant it cannot take payments and whom to contact', async () => {
    stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: frozenUser, myClients: [merchantA] });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(FreezeNoticeText.PausedTitle);
    expect(banner).toHaveTextContent(
      `${frozenUser.account.default_client?.merchant.name} cannot take payments right now.`,
    );
    expect(banner).toHaveTextContent(/contact/);
  });

  it('shows no banner once the merchant is enabled', async () => {
    stubFetch(dashboardAnswers());
    renderDashboard(<HomePage />, { user: merchantUser, myClients: [merchantA] });
    await expectFigure('Last 7 Days', '$12,345.60');
    expect(screen.queryByText(FreezeNoticeText.PausedTitle)).not.toBeInTheDocument();
  });
});
