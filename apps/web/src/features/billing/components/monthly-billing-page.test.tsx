import { BillingText } from '@portico/contracts/billing/billing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { MonthlyBillingPage } from './monthly-billing-page';

const timeZone = ok([['America/New_York', 'Eastern']]);
const harbor = '00000000-0000-4000-8000-0000000000a1';
const copper = '00000000-0000-4000-8000-0000000000a2';
const merchant = (id: string, name: string, isEnabled: boolean) => ({
  id,
  name,
  parent: { name: 'Summit Merchant Services' },
  monthly_fee: '9.95',
  monthly_minimum: '25.00',
  is_monthly_billing_enabled: isEnabled,
});

function renderPage(path: string) {
  return renderFeature(
    <MemoryRouter initialEntries={[path]}>
      <MonthlyBillingPage />
    </MemoryRouter>,
  );
}

describe('MonthlyBillingPage', () => {
  it('lists the months billed on the Billing tab, in a 500px grid', async () => {
    stubFetch({
      '/api/timezone': timeZone,
      '/api/monthly-billing/merchants': ok([]),
      '/api/monthly-billing': ok([
        {
          id: '00000000-0000-4000-8000-0000000000c1',
          merchant_id: harbor,
          name: 'Harbor Lane Coffee',
          transaction_count: 0,
          monthly_minimum: '25.00',
          monthly_fee: '9.95',
          month: '2026-10',
          is_transacting_in_month: false,
          total_transaction_amount: '0.00',
          last_transaction_date_in_month: null,
          is_month_paid: false,
          is_monthly_billing_enabled: true,
          parent: { name: 'Summit Merchant Services' },
        },
      ]),
    });
    renderPage('/monthly-billing');
    expect(await screen.findByText('Harbor Lane Coffee')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: BillingText.MonthlyBillingTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: BillingText.ConfigurationTab })).toBeInTheDocument();
    expect(screen.getByText('2026-10')).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: BillingText.MonthlyBillingTab });
    expect(grid.closest('[style*="height: 500px"]')).not.toBeNull();
  });

  it('switches monthly billing on with PUT and off with DELETE, and reverts the checkbox when the call fails', async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      '/api/monthly-billing': ok([]),
      '/api/monthly-billing/merchants': ok([
        merchant(harbor, 'Harbor Lane Coffee', false),
        merchant(copper, 'Copper Kettle Bistro', true),
      ]),
      [`PUT /api/monthly-billing/merchants/${harbor}`]: failure(503, 'UNAVAILABLE', 'Try again later'),
      [`DELETE /api/monthly-billing/merchants/${copper}`]: ok({
        id: copper,
        is_monthly_billing_enabled: false,
      }),
    });
    renderPage('/monthly-billing?tab=configuration');
    const harborBox = await screen.findByRole('checkbox', { name: 'Monthly Billing: Harbor Lane Coffee' });
    expect(harborBox).not.toBeChecked();
    await userEvent.click(harborBox);
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(`PUT /api/monthly-billing/merchants/${harbor}`),
    );
    // The call failed: the checkbox is back off and says why.
    expect(await screen.findByText('Try again later')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Monthly Billing: Harbor Lane Coffee' })).not.toBeChecked(),
    );

    const copperBox = screen.getByRole('checkbox', { name: 'Monthly Billing: Copper Kettle Bistro' });
    expect(copperBox).toBeChecked();
    await userEvent.click(copperBox);
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(`DELETE /api/monthly-billing/merchants/${copper}`),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: 'Monthly Billing: Copper Kettle Bistro' }),
      ).not.toBeChecked(),
    );
  });

  it("creates a merchant's bill for the chosen month", async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      '/api/monthly-billing': ok([]),
      '/api/monthly-billing/merchants': ok([merchant(copper, 'Copper Kettle Bistro', true)]),
      [`POST /api/monthly-billing/merchants/${copper}/merchant-bills`]: failure(
        409,
        'MONTH_ALREADY_BILLED',
        BillingText.MonthAlreadyBilled,
      ),
    });
    renderPage('/monthly-billing?tab=configuration');
    await userEvent.click(await screen.findByRole('button', { name: 'Create bill: Copper Kettle Bistro' }));
    expect(await screen.findByText(BillingText.MonthAlreadyBilled)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body.month).toMatch(/^\d{4}-\d{2}$/);
    expect(body.month < new Date().toISOString().slice(0, 7)).toBe(true);
  });
});
