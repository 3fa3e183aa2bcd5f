import { notifications } from '@mantine/notifications';
import { buildSessionUser, sampleIds } from '@portico/contracts/access/session-user.factory';
import { DashboardLabel, DashboardText } from '@portico/contracts/transactions/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { dashboardAnswers } from '../test/dashboard-answers';
import { renderDashboard } from '../test/render-dashboard';
import { MerchantDataSync } from './merchant-data-sync';

const admin = buildSessionUser({ user_type: 'admin' });

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: DashboardLabel.MerchantDataSync }));
  return screen.findByRole('dialog', { name: DashboardLabel.MerchantDataSync });
}

async function pickMerchant(dialog: HTMLElement, name: string) {
  await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Merchant' }));
  await userEvent.click(await screen.findByText(name));
}

const syncRequest = {
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  merchant_id: sampleIds.merchantB,
  status: 'requested',
  requested_at: '2026-05-08T12:00:00.000Z',
};

describe('Merchant Data Sync', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('keeps Select disabled until a merchant is chosen, then requests the sync and says so', async () => {
    const fetchMock = stubFetch(
      dashboardAnswers({ 'POST /api/v1/manual-data-pull-accounts': ok(syncRequest) }),
    );
    renderDashboard(<MerchantDataSync />, { user: admin });

    const dialog = await openDialog();
    expect(await within(dialog).findByText(DashboardText.PleaseSelectMerchant)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Select' })).toBeDisabled();

    await pickMerchant(dialog, 'Birch Books');
    expect(within(dialog).queryByText(DashboardText.PleaseSelectMerchant)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select' }));

    expect(await screen.findByText(DashboardText.MerchantDataSyncRequested)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ merchant_id: sampleIds.merchantB });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: DashboardLabel.MerchantDataSync })).not.toBeInTheDocument(),
    );
  });

  it('loads the merchants only when the dialog opens', async () => {
    const fetchMock = stubFetch(dashboardAnswers());
    renderDashboard(<MerchantDataSync />, { user: admin });

    expect(requestedPaths(fetchMock)).toEqual([]);
    const dialog = await openDialog();
    await within(dialog).findByRole('combobox', { name: 'Merchant' });
    expect(requestedPaths(fetchMock)).toEqual(['GET /api/v1/manual-data-pull-accounts']);
  });

  it('tells the admin when the request fails and keeps the dialog open', async () => {
    stubFetch(
      dashboardAnswers({
        'POST /api/v1/manual-data-pull-accounts': failure(
          404,
          'DATA_SYNC_MERCHANT_NOT_FOUND',
          'Merchant not found',
        ),
      }),
    );
    renderDashboard(<MerchantDataSync />, { user: admin });

    const dialog = await openDialog();
    await pickMerchant(dialog, 'Alder Bakery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select' }));

    expect(await screen.findByText(DashboardText.FailedToSubmitSyncRequest)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: DashboardLabel.MerchantDataSync })).toBeInTheDocument();
  });
});
