import {
  type RevShareAdminRow,
  RevShareText,
  revShareAdminColumns as revShareAdminColumnNames,
} from '@portico/contracts/billing/revenue-share';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { RevShareAdminPage, RevSharePage, revShareAdminColumns, revShareColumns } from './rev-share-pages';

const timeZone = ok([['America/New_York', 'Eastern']]);
const shop = '00000000-0000-4000-8000-0000000000a1';
const adminRow: RevShareAdminRow = [
  'Summit Merchant Services',
  'Harbor Lane Coffee',
  shop,
  '2026-10',
  2,
  '350.00',
  '175.00',
  '2.90+0.30',
  '10.75',
  '3.10',
  '4.25',
  '6.50',
  '20.00',
  '1.30',
  '34.95',
  '-33.65',
];

describe('RevSharePage', () => {
  it('groups the columns under Merchant and Performance and shows each month with its share', async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      '/api/revshare': ok([
        {
          id: `${shop}:2026-10`,
          sub_merchant_name: 'Harbor Lane Coffee',
          parent_name: 'Summit Merchant Services',
          date_onboarded: '2025-03-14',
          transaction_month: '2026-10',
          transactions: 2,
          total_transaction_amount: '350.00',
          total_transaction_fee: '10.75',
          total_costing: '4.25',
          epx_revenue_collected: '10.75',
          total_profit: '6.50',
          rev_share: '20.00',
          payout: '1.30',
          post_payout_profit: '5.20',
        },
      ]),
    });
    renderFeature(<RevSharePage />, { role: 'parent' });
    expect(await screen.findByText('Harbor Lane Coffee')).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: RevShareText.PageTitle });
    // The groups are the grid's first header row: Merchant over its 3 columns, Performance over 10.
    const [groupRow] = within(grid).getAllByRole('row');
    if (!groupRow) throw new Error('the grid has no rows');
    expect(
      within(groupRow)
        .getAllByRole('columnheader')
        .map((cell) => [
          cell.textContent,
          cell.getAttribute('aria-colindex'),
          cell.getAttribute('aria-colspan'),
        ]),
    ).toEqual([
      [RevShareText.MerchantGroup, '1', '3'],
      [RevShareText.PerformanceGroup, '4', '10'],
    ]);
    expect(within(grid).getByText('Summit Merchant Services')).toBeInTheDocument();
    // The grid draws the columns in view; the product's order is the columns' own.
    expect(revShareColumns.map((column) => column.header)).toEqual([
      'Merchant',
      'Parent',
      'Date Onboarded',
      'Month',
      'Transactions',
      'Total Amount',
      'Total Fees',
      'Total Costing',
      'Processor Revenue Collected',
      'Total Profit',
      'Rev Share',
      'Payout',
      'Post-Payout Profit',
    ]);
    expect(revShareColumns.find((column) => column.id === 'payout')?.kind).toBe('money');
    expect(requestedPaths(fetchMock)).toContain('GET /api/revshare');
  });
});

describe('RevShareAdminPage', () => {
  it('shows the admin report rows', async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      '/api/report/revshare_all': ok([adminRow]),
    });
    renderFeature(<RevShareAdminPage />);
    expect(await screen.findByText('Harbor Lane Coffee')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: RevShareText.AdminTitle })).toBeInTheDocument();
    expect(screen.getByText('Summit Merchant Services')).toBeInTheDocument();
    expect(revShareAdminColumns.map((column) => column.header)).toEqual([...revShareAdminColumnNames]);
    const owed = revShareAdminColumns.find((column) => column.id === 'owed');
    expect(owed?.value(adminRow)).toBe('-33.65');
    expect(requestedPaths(fetchMock)).toContain('GET /api/report/revshare_all');
  });
});
