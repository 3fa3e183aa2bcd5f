import { buildSessionUser } from '@portico/contracts/access/session-user.factory';
import { ExportText } from '@portico/contracts/exports/exports';
import { defaultStatementMonth } from '@portico/contracts/statements/statement-month';
import type { StatementRow } from '@portico/contracts/statements/statements';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { todayUtc } from '../utils/statement-scope.utils';
import { StatementsTab } from './statements-tab';

const user = buildSessionUser({ user_type: 'user' });
const merchantId = user.account.default_client?.id ?? '';
const month = defaultStatementMonth(todayUtc());
const row: StatementRow = {
  merchant_id: merchantId,
  merchant_name: 'Harbor Lane Coffee',
  month_year: month,
  total_amount: '10285.48',
  total_transactions: 412,
  total_fees: '302.11',
  total_adjustments: '0.00',
  charge_backs_and_reversals_total: '-7.44',
  net: '10055.25',
  posted_at: '2025-12-01T06:00:00.000Z',
  figures: {
    gross_sales: '10412.92',
    refunds_and_voids: '-120.00',
    chargebacks_and_reversals: '-7.44',
    adjustments: '0.00',
    gross: '10285.48',
    per_transaction_fees: '-198.23',
    item_fees: '-32.00',
    net: '10055.25',
    cash_recorded: '3225.87',
    net_deposited: '10055.25',
    flat_fees: '-5.00',
    monthly_fees: '-9.95',
  },
  reconciliation: { payouts: [], pending: '10055.25', total: '10055.25' },
  daily_transactions: [],
  processor_fees: [],
};
const queuedExport = {
  id: '00000000-0000-4000-8000-00000000e0e0',
  grid: 'statements',
  title: 'Statement',
  format: 'xlsx',
  status: 'queued',
  rows_written: 0,
  rows_total: null,
  byte_size: null,
  file_name: 'Statement 2026-07-01.xlsx',
  error: null,
  created_at: '2026-07-01T14:05:00.000Z',
  finished_at: null,
  expires_at: null,
};

function stubServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const answer = (() => {
      if (url.pathname === '/api/timezone') return ok([['UTC', 'UTC']]);
      if (url.pathname === '/api/statement') return ok([row]);
      if (url.pathname === '/api/exports/statements') return ok(queuedExport);
      if (url.pathname.startsWith('/api/user/grid-config'))
        return ok(url.pathname.includes('names') ? [] : null);
      throw new Error(`Unexpected request ${url.pathname}`);
    })();
    return new Response(JSON.stringify(answer.body), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StatementsTab server export', () => {
  it("offers 'All matching rows', asking the server to export the month's statement and visible columns", async () => {
    const fetchMock = stubServer();
    renderFeature(
      <MemoryRouter>
        <StatementsTab />
      </MemoryRouter>,
      { role: 'user', user },
    );
    await screen.findByText('Harbor Lane Coffee', { selector: '[role="gridcell"] *, [role="gridcell"]' });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    // The menu opens in a portal whose transition the test DOM does not run.
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Excel (.xlsx), by the server', hidden: true }),
    );
    expect(await screen.findByText(ExportText.Requested, { exact: false })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(
      ([input, init]) => String(input).includes('/api/exports/statements') && init?.method === 'POST',
    );
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toMatchObject({
      format: 'xlsx',
      merchant_id: merchantId,
      params: { 'year-month': month },
      time_zone: 'UTC',
    });
    expect(body.columns).toEqual([
      'merchant_name',
      'month_year',
      'total_amount',
      'total_transactions',
      'total_fees',
      'total_adjustments',
      'charge_backs_and_reversals_total',
      'net',
    ]);
  });
});
