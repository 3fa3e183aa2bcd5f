import { BillingText } from '@portico/contracts/billing/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { BillingPage } from './billing-page';

const timeZone = ok([['America/New_York', 'Eastern']]);
const harbor = '00000000-0000-4000-8000-0000000000a1';
const bill = (id: string, description: string, state: 'paid' | 'merchantNotEnabled' | 'payable') => ({
  id,
  merchant_id: harbor,
  name: 'Harbor Lane Coffee',
  statement_date: '2026-10-31',
  detail_description: description,
  r_total: '34.95',
  paid_at: state === 'paid' ? '2026-11-02T10:00:00.000Z' : null,
  state,
});
const paidId = '00000000-0000-4000-8000-0000000000b1';
const offId = '00000000-0000-4000-8000-0000000000b2';
const payableId = '00000000-0000-4000-8000-0000000000b3';

function renderPage(path = '/billing') {
  return renderFeature(
    <MemoryRouter initialEntries={[path]}>
      <BillingPage />
    </MemoryRouter>,
  );
}

describe('BillingPage', () => {
  it('shows each bill in the words of its state, and pays a payable bill once', async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      'GET /api/billing': ok({
        bill_details: [
          bill(paidId, 'Monthly billing 2026-08', 'paid'),
          bill(offId, 'Monthly billing 2026-09', 'merchantNotEnabled'),
          bill(payableId, 'Monthly billing 2026-10', 'payable'),
        ],
        rolling_billing: [],
      }),
      [`POST /api/billing/${payableId}/pay`]: ok(bill(payableId, 'Monthly billing 2026-10', 'paid')),
    });
    renderPage();
    expect(await screen.findByText(BillingText.AlreadyPaid)).toBeInTheDocument();
    expect(screen.getByText(BillingText.MerchantNotEnabled)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: BillingText.LineItemTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const pay = screen.getByRole('button', { name: /Pay this bill/ });
    expect(pay).toHaveTextContent(BillingText.PayBill);
    await userEvent.click(pay);
    await waitFor(() => expect(requestedPaths(fetchMock)).toContain(`POST /api/billing/${payableId}/pay`));
    // A second click does nothing: the button is off once the bill is paid.
    await waitFor(() => expect(pay).toBeDisabled());
    await userEvent.click(pay);
    expect(requestedPaths(fetchMock).filter((path) => path.startsWith('POST '))).toHaveLength(1);
  });

  it('shows the rolling billing tab with card sales and billing per central processing date', async () => {
    stubFetch({
      '/api/timezone': timeZone,
      'GET /api/billing': ok({
        bill_details: [],
        rolling_billing: [
          {
            id: `${harbor}:2026-11-17`,
            merchant_id: harbor,
            name: 'Harbor Lane Coffee',
            central_processing_date: '2026-11-17',
            cc_sales: '1250.00',
            total_billing: '38.44',
          },
        ],
      }),
    });
    renderPage('/billing?tab=rolling');
    const grid = await screen.findByRole('grid', { name: BillingText.RollingBillingTab });
    expect(await within(grid).findByText('Harbor Lane Coffee')).toBeInTheDocument();
    expect(within(grid).getAllByText('$1,250.00').length).toBeGreaterThan(0);
    expect(within(grid).getAllByText('$38.44').length).toBeGreaterThan(0);
  });
});
