import { type CostingRow, CostingText } from '@portico/contracts/costing/costing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { todayInTimeZone } from '../utils/costing-window.utils';
import { CostingPage } from './costing-page';

const zeroRow = {
  triple_tip: '0.00',
  triple_surcharge: '0.00',
  triple_platform_fee: '0.00',
  triple_cash_discount: '0.00',
  triple_convenience_fee: '0.00',
  triple_initial_amount: '0.00',
  triple_charge_rate: '2.90+0.30',
  triple_charge_rate_type: 'flat_rate',
  fis_split_fee: '0.00',
  fis_interchange_amount: '0.00',
  fis_surcharge_amount: '0.00',
  fis_convenience_fee_amount: '0.00',
  fis_fee: '0.00',
  fis_dues_and_assessments: '0.00',
  bluesnap_fee: '0.00',
  bluesnap_dues_and_assessments: '0.00',
  bluesnap_interchange_amount: '0.00',
  bluesnap_percent_of_remaining_margin: '0.0000',
  propay_bin_fee: '0.00',
  propay_ach_fee: '0.00',
  propay_split_pay_fee: '0.00',
  propay_interchange_fee: '0.00',
  propay_authorization_fee: '0.00',
  epx_estimated_fee: '0.00',
  epx_estimated_dues_and_assessments: '0.00',
  epx_estimated_interchange_amount: '0.00',
  bluesnap_margin_share: '0.00',
  other_processor_costs: '0.00',
  unpriced_transactions: 0,
} as const;

function row(overrides: Partial<CostingRow>): CostingRow {
  return {
    settlement_date: '2025-06-11',
    merchant_id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
    dba_name: 'Harbor Lane Coffee Roasters',
    parent: 'Summit Merchant Services',
    processor: 'fis',
    payment_method: 'card',
    transactions: 3,
    costing_total: '2.52',
    profit: '2.58',
    ...zeroRow,
    ...overrides,
  };
}

const rows = [
  row({}),
  row({ settlement_date: null, transactions: 1, costing_total: '0.13', profit: '-0.13' }),
];

function stubCostingServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://portal.test');
    const answer = (() => {
      if (url.pathname === '/api/timezone') return ok([['UTC', 'UTC']]);
      if (url.pathname === '/api/costing') return ok(rows);
      if (url.pathname === '/api/v1/costing') return ok([]);
      if (url.pathname.startsWith('/api/user/grid-config'))
        return ok(url.pathname.includes('names') ? [] : null);
      throw new Error(`Unexpected request ${url.pathname}`);
    })();
    return new Response(JSON.stringify(answer.body), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (path: string) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://portal.test'))
      .filter((url) => url.pathname === path);
  return { calls };
}

function renderPage() {
  return renderFeature(
    <MemoryRouter initialEntries={['/costing']}>
      <CostingPage />
    </MemoryRouter>,
  );
}

describe('CostingPage', () => {
  it('asks for the last 90 days and shows the rows with their totals', async () => {
    const server = stubCostingServer();
    renderPage();
    expect(await screen.findByRole('grid', { name: 'Costing' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('data-grid-totals')).toHaveTextContent(
        'Costing Total TOTAL $2.65 · AVG $1.33 · COUNT 2',
      ),
    );
    expect(screen.getByTestId('data-grid-totals')).toHaveTextContent('Profit TOTAL $2.45');
    // Money columns only: no total of transaction counts or of the margin percent.
    const totalled = [...screen.getByTestId('data-grid-totals').querySelectorAll('[data-column]')].map(
      (item) => item.getAttribute('data-column'),
    );
    expect(totalled).toContain('other_processor_costs');
    for (const notMoney of [
      'transactions',
      'unpriced_transactions',
      'bluesnap_percent_of_remaining_margin',
    ]) {
      expect(totalled).not.toContain(notMoney);
    }
    const [request] = server.calls('/api/costing');
    const today = todayInTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(request?.searchParams.get('end')).toBe(today);
    const days = (Date.parse(today) - Date.parse(request?.searchParams.get('start') ?? '')) / 86_400_000;
    expect(days).toBe(90);
    expect(screen.getByLabelText('From')).toHaveValue(request?.searchParams.get('start'));
  });

  it('refuses a From after To without asking the server', async () => {
    const server = stubCostingServer();
    renderPage();
    await screen.findByRole('grid', { name: 'Costing' });
    await waitFor(() => expect(server.calls('/api/costing')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2999-01-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(CostingText.StartAfterEnd);
    expect(server.calls('/api/costing')).toHaveLength(1);
  });

  it('opens the estimates view from /api/v1/costing', async () => {
    const server = stubCostingServer();
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Estimates' }));
    expect(await screen.findByRole('grid', { name: 'Costing Estimates' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('/api/v1/costing')).toHaveLength(1));
  });
});
