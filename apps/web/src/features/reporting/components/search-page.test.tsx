import { sampleIds } from '@portico/contracts/access/session-user.factory';
import { buildClientRecord } from '@portico/contracts/clients/client.factory';
import type { SearchRow } from '@portico/contracts/transactions/search';
import { buildWireTransaction } from '@portico/contracts/transactions/transaction.factory';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  gridRows,
  nextTransactionId,
  okResponse,
  renderReportingPage,
  stubReportingServer,
} from './reporting.test-support';
import { TransactionSearchPage } from './search-page';

function searchRow(amount: string, status: string, paymentStatus: boolean): SearchRow {
  const transaction = buildWireTransaction({
    id: nextTransactionId(),
    amount,
    status,
    payment_status: paymentStatus,
  });
  return {
    id: transaction.id,
    date_time: transaction.created_at,
    customer: 'Ada Lovelace',
    transaction_type: 'charge',
    payment_type: 'VISA',
    account: '4242',
    amount,
    status,
    transaction_details: transaction,
  };
}

const rows = [
  searchRow('10.00', 'Approved', true),
  searchRow('20.01', 'Approved', true),
  searchRow('500.00', 'Declined', true),
  searchRow('70.00', 'Error', false),
];

function stubSearch() {
  return stubReportingServer({ 'POST /api/v1/report/search': () => okResponse({ value: rows }) });
}

const sharedCriteria = {
  start_date: '2026-11-01T00:00:00.000Z',
  end_date: '2026-11-22T23:59:59.999Z',
  customer_last_name: 'Lovelace',
};

describe('TransactionSearchPage', () => {
  it('searches with the ticked criteria, keeps them in q, and shows totals without failed or declined items', async () => {
    const server = stubSearch();
    const { router } = renderReportingPage(<TransactionSearchPage />, { path: '/reporting/search' });

    const form = await screen.findByRole('form', { name: 'Transaction search' });
    expect(within(form).getByRole('checkbox', { name: 'Use Start Date' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Use Start Date' })).toBeDisabled();
    fireEvent.change(within(form).getByLabelText(/^Start Date/), { target: { value: '2026-11-01' } });
    fireEvent.change(within(form).getByLabelText(/^End Date/), { target: { value: '2026-11-22' } });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Use Last Name' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
    // Typing ticks the box; unticked again, the field is left out.
    await userEvent.type(within(form).getByRole('textbox', { name: 'First Name' }), 'Ada');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Use First Name' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(gridRows('Search Results')).toHaveLength(4));
    const search = server.requests.find((request) => request.path === '/api/v1/report/search');
    expect(search?.body).toEqual(sharedCriteria);
    const q = new URLSearchParams(router.state.location.search).get('q');
    expect(JSON.parse(q ?? 'null')).toEqual(sharedCriteria);
    // Gross and net by the contracts rule; the factory's fee is 3.20 a row.
    const header = screen.getByRole('region', { name: 'Search totals' });
    expect(header).toHaveTextContent(
      'Excluding failed and declined: Gross total $30.01 · Net total $23.61 · Average (gross) $15.01 · Count 2',
    );
    // The grid's footer says the same, figure by figure (the two totals agree).
    const footer = await screen.findByTestId('data-grid-totals');
    for (const label of ['Gross total', 'Net total', 'Average (gross)', 'Count']) {
      const inHeader = header.querySelector(`[data-total="${label}"]`)?.textContent;
      expect(inHeader).toMatch(/\S/);
      await waitFor(() =>
        expect(footer.querySelector(`[data-total="${label}"]`)?.textContent).toBe(inHeader),
      );
    }

    await userEvent.click(screen.getByRole('button', { name: 'Refine Search' }));
    const again = await screen.findByRole('form', { name: 'Transaction search' });
    expect(within(again).getByRole('textbox', { name: 'Last Name' })).toHaveValue('Lovelace');
    expect(within(again).getByRole('checkbox', { name: 'Use Last Name' })).toBeChecked();
    expect(within(again).getByLabelText(/^Start Date/)).toHaveValue('2026-11-01');
  });

  it('restores a shared search from the url', async () => {
    const server = stubSearch();
    const q = encodeURIComponent(JSON.stringify(sharedCriteria));
    renderReportingPage(<TransactionSearchPage />, { path: `/reporting/search?q=${q}` });

    await waitFor(() => expect(gridRows('Search Results')).toHaveLength(4));
    expect(screen.queryByRole('form', { name: 'Transaction search' })).not.toBeInTheDocument();
    expect(server.requests.find((request) => request.path === '/api/v1/report/search')?.body).toEqual(
      sharedCriteria,
    );
  });

  it('refuses criteria the server would refuse, without asking it', async () => {
    const server = stubSearch();
    renderReportingPage(<TransactionSearchPage />, { path: '/reporting/search?q=not-json' });
    const form = await screen.findByRole('form', { name: 'Transaction search' });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Use Account (last 4)' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Account (last 4)' }), '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Account must be the last 4 digits');
    expect(server.requests.some((request) => request.path === '/api/v1/report/search')).toBe(false);
  });

  it('lets admin pick the merchant', async () => {
    const server = stubSearch();
    const merchant = {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Harbor Lane Coffee Roasters LLC',
      dba_name: 'Harbor Lane Coffee',
      level: 'Merchant' as const,
      parent_id: null,
    };
    const other = { ...merchant, id: '33333333-3333-4333-8333-333333333333', dba_name: 'Copper Kettle' };
    renderReportingPage(<TransactionSearchPage />, {
      path: '/reporting/search',
      role: 'admin',
      myClients: [merchant, other],
    });
    const form = await screen.findByRole('form', { name: 'Transaction search' });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Use Merchant' }));
    await userEvent.click(within(form).getByRole('combobox', { name: 'Merchant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Lane Coffee' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.path === '/api/v1/report/search')?.body).toMatchObject(
        {
          merchant_id: merchant.id,
        },
      ),
    );
  });

  it('has no merchant criterion for a merchant user', async () => {
    stubSearch();
    renderReportingPage(<TransactionSearchPage />, { path: '/reporting/search', role: 'user' });
    const form = await screen.findByRole('form', { name: 'Transaction search' });
    expect(within(form).queryByRole('checkbox', { name: 'Use Merchant' })).not.toBeInTheDocument();
  });
});

describe('TransactionSearchPage, custom fields', () => {
  it("offers the merchant's custom fields and sends only the filled ones", async () => {
    const server = stubReportingServer({
      'POST /api/v1/report/search': () => okResponse({ value: [] }),
      'GET /api/client': () =>
        okResponse(buildClientRecord({ custom_fields: ['Clinic Location', 'Patient Number'] })),
    });
    renderReportingPage(<TransactionSearchPage />, { path: '/reporting/search' });
    const customFields = await screen.findByRole('group', { name: 'Custom fields' });
    await userEvent.type(within(customFields).getByRole('textbox', { name: 'Patient Number' }), '1042');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.path === '/api/v1/report/search')?.body).toMatchObject(
        {
          custom_fields: { 'Patient Number': '1042' },
        },
      ),
    );
  });
});

describe('TransactionSearchPage, locations', () => {
  const locations = [
    { id: '33333333-3333-4333-8333-333333333331', name: 'Harbor Lane Pier' },
    { id: '33333333-3333-4333-8333-333333333332', name: 'Harbor Lane Uptown' },
  ];

  it("offers the user's locations of the merchant and sends the chosen ones, kept in q", async () => {
    const server = stubReportingServer({
      'POST /api/v1/report/search': () => okResponse({ value: [] }),
      [`GET /api/rbac/${sampleIds.defaultClient}/users/${sampleIds.user}/sub-entities`]: () =>
        okResponse(locations),
    });
    const { router } = renderReportingPage(<TransactionSearchPage />, { path: '/reporting/search' });
    const form = await screen.findByRole('form', { name: 'Transaction search' });
    await userEvent.click(await within(form).findByRole('checkbox', { name: 'Use Location' }));
    await userEvent.click(within(form).getByRole('combobox', { name: 'Location' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Lane Uptown' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(server.requests.find((request) => request.path === '/api/v1/report/search')?.body).toMatchObject(
        {
          location_ids: ['33333333-3333-4333-8333-333333333332'],
        },
      ),
    );
    const shared = JSON.parse(new URLSearchParams(router.state.location.search).get('q') ?? '{}');
    expect(shared.location_ids).toEqual(['33333333-3333-4333-8333-333333333332']);
  });

  it('shows no location criterion when the merchant has no locations', async () => {
    stubReportingServer({
      [`GET /api/rbac/${sampleIds.defaultClient}/users/${sampleIds.user}/sub-entities`]: () => okResponse([]),
    });
    renderReportingPage(<TransactionSearchPage />, { path: '/reporting/search' });
    const form = await screen.findByRole('form', { name: 'Transaction search' });
    expect(within(form).queryByRole('checkbox', { name: 'Use Location' })).not.toBeInTheDocument();
  });
});
