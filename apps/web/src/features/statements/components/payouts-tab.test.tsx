import { ExportText } from '@portico/contracts/exports/exports';
import {
  type PayoutLines,
  type PayoutRow,
  type SettlementGroupDetail,
  StatementText,
} from '@portico/contracts/statements/statements';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { PayoutsTab } from './payouts-tab';

const harbor = '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e';
const payoutId = '7b1e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e';
const sale = '8c2e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e';
const bigSale = '8c2e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1f';
const refund = '9d3e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e';
const payoutDetails = {
  id: payoutId,
  amount: '1318.77',
  processor: 'fis',
  status: 'paid',
  statement_month: '2025-09',
};
const payout: PayoutRow = {
  merchant_id: harbor,
  merchant_name: 'Harbor Lane Coffee',
  payout_date: '2025-09-03',
  payout_details: payoutDetails,
  transaction_details: [],
};
const group: SettlementGroupDetail = {
  ...payout,
  transaction_details: [],
  settlement: {
    settlement_date: '2025-09-03',
    transaction_count: 3,
    gross: '1322.50',
    fees: '3.73',
    adjustments: '0.00',
    chargebacks: '0.00',
    net: '1318.77',
  },
};
const lines: PayoutLines = {
  merchant_id: harbor,
  merchant_name: 'Harbor Lane Coffee',
  payout_date: '2025-09-03',
  payout_details: payoutDetails,
  locations_only: false,
  lines: [
    {
      transaction_id: sale,
      transaction_date: '2025-09-02T15:00:00.000Z',
      kind: 'sale',
      trans_description: 'VISA ending 1111 (charge)',
      amount: '100.00',
    },
    {
      transaction_id: sale,
      transaction_date: '2025-09-02T15:00:00.000Z',
      kind: 'fee',
      trans_description: 'VISA ending 1111 (charge)',
      amount: '-3.20',
    },
    {
      transaction_id: bigSale,
      transaction_date: '2025-09-02T16:00:00.000Z',
      kind: 'sale',
      trans_description: 'MC ending 4444 (charge)',
      amount: '1242.50',
    },
    {
      transaction_id: bigSale,
      transaction_date: '2025-09-02T16:00:00.000Z',
      kind: 'fee',
      trans_description: 'MC ending 4444 (charge)',
      amount: '-0.53',
    },
    {
      transaction_id: refund,
      transaction_date: '2025-09-02T17:00:00.000Z',
      kind: 'refund',
      trans_description: 'VISA ending 1111 (refund)',
      amount: '-20.00',
    },
  ],
  totals: [
    { kind: 'sale', count: 2, amount: '1342.50' },
    { kind: 'refund', count: 1, amount: '-20.00' },
    { kind: 'fee', count: 2, amount: '-3.73' },
  ],
};

const queuedExport = {
  id: '00000000-0000-4000-8000-00000000e0e0',
  grid: 'payouts',
  title: 'Payouts',
  format: 'xlsx',
  status: 'queued',
  rows_written: 0,
  rows_total: null,
  byte_size: null,
  file_name: 'Payouts 2026-07-01.xlsx',
  error: null,
  created_at: '2026-07-01T14:05:00.000Z',
  finished_at: null,
  expires_at: null,
};

function stubServer(merchants = [{ id: harbor, name: 'Harbor Lane Coffee' }]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const answer = (() => {
      if (url.pathname === '/api/timezone') return ok([['UTC', 'UTC']]);
      if (url.pathname === '/api/statement/merchants') return ok(merchants);
      if (url.pathname === '/api/payouts') return ok([payout]);
      if (url.pathname === '/api/exports/payouts') return ok(queuedExport);
      if (url.pathname === `/api/payouts/${payoutId}`) return ok(group);
      if (url.pathname === `/api/payouts/${payoutId}/lines`) return ok(lines);
      if (url.pathname.startsWith('/api/user/grid-config'))
        return ok(url.pathname.includes('names') ? [] : null);
      throw new Error(`Unexpected request ${url.pathname}`);
    })();
    return new Response(JSON.stringify(answer.body), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The downloads the page starts: each blob with the file name it is saved under.
function captureDownloads() {
  const downloads: { blob: Blob; fileName: string }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:portal.test/${blobs.size}`;
    if (blob instanceof Blob) blobs.set(url, blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ blob, fileName: this.download });
  });
  return downloads;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PayoutsTab merchant filter', () => {
  it('is not offered to a caller of one merchant, and is to a caller of several', async () => {
    stubServer();
    const single = renderFeature(<PayoutsTab />, { role: 'user' });
    expect(
      await screen.findByText('Harbor Lane Coffee', { selector: '[role="gridcell"] *, [role="gridcell"]' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Merchant' })).not.toBeInTheDocument();
    single.unmount();

    stubServer([
      { id: harbor, name: 'Harbor Lane Coffee' },
      { id: '33333333-3333-4333-8333-333333333333', name: 'Copper Kettle' },
    ]);
    renderFeature(<PayoutsTab />, { role: 'parent' });
    expect(await screen.findByRole('combobox', { name: 'Merchant' })).toBeInTheDocument();
  });
});

describe('PayoutsTab payout lines', () => {
  it("opens a payout's lines, signed and in money, and exports them to CSV", async () => {
    stubServer();
    const downloads = captureDownloads();
    renderFeature(<PayoutsTab />, { role: 'user' });
    await userEvent.click(
      await screen.findByText('Harbor Lane Coffee', { selector: '[role="gridcell"] *, [role="gridcell"]' }),
    );
    const dialog = await screen.findByRole('dialog', { name: StatementText.SettlementGroup });
    // The processor and the payout's state by name, never their stored codes.
    expect(await within(dialog).findByText('FIS')).toBeInTheDocument();
    expect(within(dialog).getByText('Paid')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: StatementText.PayoutLines }));
    const grid = await within(dialog).findByRole('grid', { name: StatementText.PayoutLines });
    expect(within(grid).getByText('$1,242.50')).toBeInTheDocument();
    expect(within(grid).getAllByText('-$3.20')).not.toHaveLength(0);
    expect(within(grid).getByText('-$20.00')).toBeInTheDocument();
    expect(within(grid).getAllByText('Refund')).not.toHaveLength(0);
    const totals = within(dialog).getByLabelText('Payout line totals');
    expect(totals).toHaveTextContent('Sale (2): $1,342.50');
    expect(totals).toHaveTextContent('Refund (1): -$20.00');
    expect(totals).toHaveTextContent('Fee (2): -$3.73');
    expect(totals).toHaveTextContent('Payout: $1,318.77');

    await userEvent.click(within(dialog).getByRole('button', { name: StatementText.ExportPayoutLines }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [download] = downloads;
    expect(download?.fileName).toBe('Payout 2025-09-03 FIS lines.csv');
    const text = (await download?.blob.text()) ?? '';
    const rows = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('Date (UTC),Line,Description,Amount');
    expect(rows.slice(1)).toEqual([
      '2025-09-02 15:00:00,Sale,VISA ending 1111 (charge),100.00',
      '2025-09-02 15:00:00,Fee,VISA ending 1111 (charge),-3.20',
      '2025-09-02 16:00:00,Sale,MC ending 4444 (charge),1242.50',
      '2025-09-02 16:00:00,Fee,MC ending 4444 (charge),-0.53',
      '2025-09-02 17:00:00,Refund,VISA ending 1111 (refund),-20.00',
    ]);
  });
});

describe('PayoutsTab server export', () => {
  it("offers 'All matching rows', asking the server to export the grid's merchant and visible columns", async () => {
    const fetchMock = stubServer([
      { id: harbor, name: 'Harbor Lane Coffee' },
      { id: '33333333-3333-4333-8333-333333333333', name: 'Copper Kettle' },
    ]);
    renderFeature(
      <MemoryRouter>
        <PayoutsTab />
      </MemoryRouter>,
      { role: 'parent' },
    );
    await userEvent.click(await screen.findByRole('combobox', { name: 'Merchant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Lane Coffee', hidden: true }));
    await screen.findByText('Harbor Lane Coffee', { selector: '[role="gridcell"] *, [role="gridcell"]' });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    // The menu opens in a portal whose transition the test DOM does not run.
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Excel (.xlsx), by the server', hidden: true }),
    );
    expect(await screen.findByText(ExportText.Requested, { exact: false })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(
      ([input, init]) => String(input).includes('/api/exports/payouts') && init?.method === 'POST',
    );
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toMatchObject({ format: 'xlsx', merchant_id: harbor, params: {}, time_zone: 'UTC' });
    expect(body.columns).toEqual([
      'merchant_name',
      'amount',
      'payout_date',
      'processor',
      'status',
      'statement_month',
    ]);
  });
});
