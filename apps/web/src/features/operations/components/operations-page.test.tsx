import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { OperationsPage } from './operations-page';
import { RevshareReportPage } from './report-pages';

const timeZone = ok([['America/New_York', 'Eastern']]);

describe('OperationsPage', () => {
  it('shows what operations must act on and links every report', async () => {
    stubFetch({
      '/api/timezone': timeZone,
      '/api/report/operations': ok([
        {
          id: '00000000-0000-4000-8000-0000000000c1',
          client_id: '00000000-0000-4000-8000-0000000000a1',
          name: 'Harbor Lane Coffee',
          type: 'payout',
          result: 'Payout held',
          created_at: '2026-07-01T14:05:00.000Z',
        },
      ]),
    });
    renderFeature(<OperationsPage />);
    expect(await screen.findByText('Payout held')).toBeInTheDocument();
    expect(screen.getByText('Harbor Lane Coffee')).toBeInTheDocument();
    // The id column is there for the export but hidden.
    expect(screen.queryByText('00000000-0000-4000-8000-0000000000c1')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Report links' }));
    const links = await screen.findAllByRole('menuitem', { hidden: true });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/app/report/revshare',
      '/app/report/payout',
      '/app/report/subpricing',
      '/app/report/mcc',
      '/app/report/documents',
    ]);
  });
});

describe('RevshareReportPage', () => {
  it("shows each merchant's month with the parent's share", async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      '/api/report/revshare': ok([
        {
          id: 'a:2026-06',
          sub_merchant_name: 'Harbor Lane Coffee',
          parent_name: 'Summit Merchant Services',
          transaction_month: '2026-06',
          transactions: 2,
          total_transaction_amount: '300.00',
          total_transaction_fee: '9.31',
          rev_share: '12.50',
          payout: '1.16',
        },
      ]),
    });
    renderFeature(<RevshareReportPage />);
    expect(await screen.findByText('Summit Merchant Services')).toBeInTheDocument();
    expect(screen.getAllByText('$1.16').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Revenue Share' })).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('GET /api/report/revshare');
  });
});
