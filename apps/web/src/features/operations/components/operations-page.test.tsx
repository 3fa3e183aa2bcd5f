import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { OperationsPage } from './operations-page';
import { ApprovedMccReportPage, RevshareReportPage } from './report-pages';

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

describe('ApprovedMccReportPage', () => {
  it("lists the MCC codes a parent approves, from the parent's sub-pricing", async () => {
    const parentId = '00000000-0000-4000-8000-0000000000b1';
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      '/api/client/subpricing': ok([
        {
          id: '00000000-0000-4000-8000-0000000000d1',
          client_id: parentId,
          label: 'Cafes',
          mccCode: '5814',
          mcc_description: 'Fast Food Restaurants',
          base_card_rate: '2.75+0.20',
          card_rate: '2.90+0.30',
          ach_rate: null,
          crypto_rate: null,
          card_p2c: false,
          ach_p2c: false,
          crypto_p2c: false,
          avg_ticket: null,
          high_ticket: null,
          low_rate: null,
          etf: null,
          reg_fee: null,
          pci_fee: null,
          monthly_fee: null,
          monthly_minimum: null,
          annual_fee: null,
          chargeback_fee: null,
          ach_return: null,
          tax_rate: null,
          updated_at: '2026-07-01T14:05:00.000Z',
        },
      ]),
    });
    renderFeature(
      <MemoryRouter initialEntries={[`/reports/mcc/${parentId}`]}>
        <Routes>
          <Route path="/reports/mcc/:parent_id" element={<ApprovedMccReportPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Approved MCC Codes' })).toBeInTheDocument();
    expect(await screen.findByText('Fast Food Restaurants')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(
      `GET /api/client/subpricing?apikey=login&clientid=${parentId}`,
    );
  });
});
