import { notifications } from '@mantine/notifications';
import { RiskText, type TransactionMonitoring } from '@portico/contracts/risk/risk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { RiskPage } from './risk-page';

const merchantId = '00000000-0000-4000-8000-0000000000a1';
const transactionId = '00000000-0000-4000-8000-0000000000b1';

const lists: TransactionMonitoring = {
  standard_deviation_list: [],
  transactions_over_high_ticket_limit: [
    {
      name: 'Harbor Lane Coffee',
      client_id: merchantId,
      id: transactionId,
      created_at: '2026-07-01T14:05:00.000Z',
      limits_high_ticket: '500.00',
      amount: '750.00',
      has_notes: false,
    },
  ],
  transactions_high_velocity: [],
};

const timeZone = ok([['America/New_York', 'Eastern']]);

beforeEach(() => notifications.clean());

describe('RiskPage', () => {
  it('shows the five tabs and a flagged payment over the high-ticket limit', async () => {
    stubFetch({ '/api/timezone': timeZone, '/api/transaction-monitoring': ok(lists) });
    renderFeature(<RiskPage />);
    for (const tab of ['3x Std Dev', 'Over High Ticket', 'High Velocity', 'Disputes', 'Merchant Control']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('tab', { name: 'Over High Ticket' }));
    expect(await screen.findByText('Harbor Lane Coffee')).toBeInTheDocument();
    expect(screen.getByText('$750.00')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
  });

  it('adds a note and says so when it fails', async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      '/api/transaction-monitoring': ok(lists),
      [`/api/transaction-monitoring/notes/${transactionId}`]: ok([]),
      'POST /api/transaction-monitoring/notes': failure(500, 'INTERNAL_ERROR', 'Something went wrong'),
    });
    renderFeature(<RiskPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Over High Ticket' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Notes' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No notes yet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Note' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Called the customer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText(RiskText.AddNoteFailed)).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('POST /api/transaction-monitoring/notes');
  });

  it('freezes a merchant after the confirm panel and shows the server reason on failure', async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      '/api/transaction-monitoring': ok(lists),
      '/api/merchant-names': ok({ merchant_names: [{ [merchantId]: 'Harbor Lane Coffee' }] }),
      [`/api/merchant-status/${merchantId}`]: ok({ is_active: true }),
      '/api/merchant-status/history': ok({
        history: [
          {
            merchantId,
            merchantName: 'Harbor Lane Coffee',
            status: 'Frozen',
            changedBy: 'Avery Admin',
            timestamp: '2026-07-01T14:05:00.000Z',
          },
        ],
      }),
      [`POST /api/merchant-status/${merchantId}/freeze`]: ok({ success: true, is_active: false }),
    });
    renderFeature(<RiskPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Merchant Control' }));
    expect(await screen.findByText('Avery Admin')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Merchant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Lane Coffee', hidden: true }));
    expect(await screen.findByLabelText('Current status')).toHaveTextContent('Active');
    await userEvent.click(screen.getByRole('button', { name: 'Freeze Transactions' }));
    const panel = screen.getByRole('group', { name: 'Confirmation' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Freeze Transactions' }));
    expect(await screen.findByText(RiskText.MerchantFrozen)).toBeInTheDocument();
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(`POST /api/merchant-status/${merchantId}/freeze`),
    );
  });

  it("shows 'Error: {message}' when the change is refused", async () => {
    stubFetch({
      '/api/timezone': timeZone,
      '/api/transaction-monitoring': ok(lists),
      '/api/merchant-names': ok({ merchant_names: [{ [merchantId]: 'Harbor Lane Coffee' }] }),
      [`/api/merchant-status/${merchantId}`]: ok({ is_active: false }),
      '/api/merchant-status/history': ok({ history: [] }),
      [`POST /api/merchant-status/${merchantId}/unfreeze`]: failure(
        409,
        'MERCHANT_ALREADY_ACTIVE',
        RiskText.AlreadyActive,
      ),
    });
    renderFeature(<RiskPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Merchant Control' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Merchant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Lane Coffee', hidden: true }));
    expect(await screen.findByLabelText('Current status')).toHaveTextContent('Frozen');
    await userEvent.click(screen.getByRole('button', { name: 'Enable Transactions' }));
    const panel = screen.getByRole('group', { name: 'Confirmation' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Enable Transactions' }));
    expect(await screen.findByText(`Error: ${RiskText.AlreadyActive}`)).toBeInTheDocument();
  });
});
