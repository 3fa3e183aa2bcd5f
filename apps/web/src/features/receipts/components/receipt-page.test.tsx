import type { Receipt } from '@portico/contracts/transactions/receipt';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { ReceiptPage } from './receipt-page';

const transactionId = '8c1f3a2e-5b4d-4e6f-9a0b-1c2d3e4f5a6b';

const receipt: Receipt = {
  id: transactionId,
  created_at: '2025-06-14T18:05:00.000Z',
  type: 'card',
  action: 'sale',
  amount: '1234.50',
  surcharge: '1.25',
  status: 'Approved',
  card_brand: 'VISA',
  last4: '4242',
  auth_code: 'A1B2C3',
  original_transaction_id: null,
  customer_name: 'Pat Lee',
  location: 'Pearl District',
  merchant: {
    name: 'Harbor Lane Coffee',
    address_line_1: '12 Harbor Lane',
    address_line_2: null,
    locality: 'Portland',
    region: 'ME',
    postal_code: '04101',
    phone: '207-555-0100',
  },
  template: 'standard',
  is_test: false,
};

function renderAt(url: string) {
  return renderFeature(
    <MemoryRouter initialEntries={[url]}>
      <ReceiptPage />
    </MemoryRouter>,
    { role: 'user' },
  );
}

function lineValue(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

afterEach(() => {
  Reflect.deleteProperty(window, 'print');
});

describe('ReceiptPage', () => {
  it('loads the named transaction and prints its receipt in the user’s timezone', async () => {
    const fetchMock = stubFetch({
      '/api/v1/receipt': ok(receipt),
      '/api/timezone': ok([['America/Chicago', 'Central Time']]),
    });
    // happy-dom has no print dialog: give the window one to observe.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
    renderAt(`/receipt?id=${transactionId}`);

    const sheet = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(sheet).getByRole('heading', { name: 'Harbor Lane Coffee' })).toBeInTheDocument();
    expect(within(sheet).getByText('12 Harbor Lane')).toBeInTheDocument();
    expect(within(sheet).getByText('Portland, ME 04101')).toBeInTheDocument();
    expect(within(sheet).getByText('207-555-0100')).toBeInTheDocument();
    expect(within(sheet).getByText('$1,234.50')).toBeInTheDocument();
    // 18:05 UTC is 13:05 in Chicago in June (CDT).
    expect(await screen.findByText('2025-06-14 13:05:00 CDT')).toBeInTheDocument();
    expect(lineValue('Type')).toBe('Card (sale)');
    expect(lineValue('Card')).toBe('VISA •••• 4242');
    expect(lineValue('Auth Code')).toBe('A1B2C3');
    expect(lineValue('Status')).toBe('Approved');
    expect(lineValue('Transaction ID')).toBe(transactionId);
    expect(lineValue('Customer')).toBe('Pat Lee');
    expect(lineValue('Surcharge')).toBe('$1.25');
    expect(requestedPaths(fetchMock)).toContain(`GET /api/v1/receipt?id=${transactionId}`);

    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('speaks of the patient on a healthcare receipt and shows n/a for an unreadable card', async () => {
    stubFetch({
      '/api/v1/receipt': ok({
        ...receipt,
        template: 'healthcare',
        last4: 'n/a',
        card_brand: null,
        auth_code: null,
      }),
      '/api/timezone': ok([]),
    });
    renderAt(`/receipt?id=${transactionId}`);
    await screen.findByRole('article', { name: 'Receipt' });
    expect(lineValue('Patient')).toBe('Pat Lee');
    expect(screen.queryByText('Customer', { selector: 'dt' })).not.toBeInTheDocument();
    expect(lineValue('Card')).toBe('n/a');
    expect(lineValue('Auth Code')).toBe('—');
  });

  it("heads the receipt with the white label's logo, and nothing without one", async () => {
    stubFetch({
      '/api/v1/receipt': ok({
        ...receipt,
        brand: { entity_name: 'HealNow', color: '#1f6f68', logo_url: '/api/whitelabel/logo/x' },
      }),
      '/api/timezone': ok([]),
    });
    renderAt(`/receipt?id=${transactionId}`);
    const article = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(article).getByRole('img', { name: 'HealNow' })).toHaveAttribute(
      'src',
      '/api/whitelabel/logo/x',
    );
  });

  it('says so when the transaction is not found or out of reach', async () => {
    stubFetch({
      '/api/v1/receipt': failure(404, 'TRANSACTION_NOT_FOUND', 'Transaction not found'),
      '/api/timezone': ok([]),
    });
    renderAt(`/receipt?id=${transactionId}`);
    expect(await screen.findByText('Transaction not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('asks for a transaction when the address names none, without calling the server for it', async () => {
    const fetchMock = stubFetch({ '/api/timezone': ok([]) });
    renderAt('/receipt');
    expect(
      await screen.findByText('No transaction was named: open the receipt from a transaction.'),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock).some((path) => path.includes('/api/v1/receipt'))).toBe(false);
  });
});
