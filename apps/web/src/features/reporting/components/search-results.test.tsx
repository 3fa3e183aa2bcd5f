import { ExportText } from '@portico/contracts/exports/exports';
import type { SearchRow } from '@portico/contracts/transactions/search';
import { buildWireTransaction } from '@portico/contracts/transactions/transaction.factory';
import { screen, waitFor } from '@testing-library/react';
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

function searchRow(): SearchRow {
  const transaction = buildWireTransaction({ id: nextTransactionId(), amount: '12.00' });
  return {
    id: transaction.id,
    date_time: transaction.created_at,
    customer: 'Ada Lovelace',
    transaction_type: 'charge',
    payment_type: 'VISA',
    account: '4242',
    amount: '12.00',
    status: 'Approved',
    transaction_details: transaction,
  };
}

const criteria = {
  start_date: '2026-11-01T00:00:00.000Z',
  end_date: '2026-11-22T23:59:59.999Z',
  customer_last_name: 'Lovelace',
  account: '4242',
  amount_min: '10.00',
  custom_fields: { invoice: 'A-1' },
};

const queued = {
  id: '00000000-0000-4000-8000-00000000e0e0',
  grid: 'transaction-search',
  title: 'Transaction Search',
  format: 'csv',
  status: 'queued',
  rows_written: 0,
  rows_total: null,
  byte_size: null,
  file_name: 'Transaction Search 2026-11-22.csv',
  error: null,
  created_at: '2026-11-22T14:05:00.000Z',
  finished_at: null,
  expires_at: null,
};

describe('the search results', () => {
  it("offers 'All matching rows', asking the server to export every row of the search's criteria", async () => {
    const server = stubReportingServer({
      'POST /api/v1/report/search': () => okResponse({ value: [searchRow(), searchRow()] }),
      'POST /api/exports/transaction-search': () => okResponse(queued),
    });
    const q = encodeURIComponent(JSON.stringify(criteria));
    renderReportingPage(<TransactionSearchPage />, { path: `/reporting/search?q=${q}` });
    await waitFor(() => expect(gridRows('Search Results')).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    // The menu opens in a portal whose transition the test DOM does not run.
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV, by the server', hidden: true }));
    expect(await screen.findByText(ExportText.Requested, { exact: false })).toBeInTheDocument();

    const asked = server.requests.filter((request) => request.path === '/api/exports/transaction-search');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body).toEqual({
      format: 'csv',
      params: {
        start_date: '2026-11-01T00:00:00.000Z',
        end_date: '2026-11-22T23:59:59.999Z',
        customer_last_name: 'Lovelace',
        account: '4242',
        amount_min: '10.00',
        'custom_fields.0.name': 'invoice',
        'custom_fields.0.value': 'A-1',
      },
      columns: [
        'date_time',
        'merchant',
        'amount',
        'status',
        'customer',
        'transaction_type',
        'payment_type',
        'account',
        'id',
      ],
      filters: {},
      sort_model: [],
      time_zone: 'UTC',
    });

    // The notice is dismissed with its close button.
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(ExportText.Requested, { exact: false })).not.toBeInTheDocument();
  });
});
