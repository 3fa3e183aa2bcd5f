import { notifications } from '@mantine/notifications';
import { type PayeeSearchResult, type VaultCustomer, VaultText } from '@portico/contracts/vault/vault';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { VaultPage } from './vault-page';

const merchantId = '00000000-0000-4000-8000-0000000000a1';
const customerId = '00000000-0000-4000-8000-0000000000c1';
const methodId = '00000000-0000-4000-8000-0000000000d1';
const address = {
  region: 'WA',
  locality: 'Seattle',
  address_line_1: '1200 Pike St',
  address_line_2: null,
  country: 'US',
  postal_code: '98101',
};

function customer(overrides: Partial<VaultCustomer> = {}): VaultCustomer {
  return {
    id: customerId,
    first_name: 'Jordan',
    last_name: 'Smith',
    email: 'jordan.smith@example.com',
    phone_number: '(206) 555-0101',
    merchant_name: 'Harbor Lane Coffee',
    client: { id: merchantId },
    has_customer: true,
    patient_number: null,
    patient_first_name: null,
    patient_last_name: null,
    patient_fields_hidden: false,
    external_id: 'CUST-000123',
    billing_region: address.region,
    billing_locality: address.locality,
    billing_address_line_1: address.address_line_1,
    billing_address_line_2: null,
    billing_country: address.country,
    billing_postal_code: address.postal_code,
    shipping_region: null,
    shipping_locality: null,
    shipping_address_line_1: null,
    shipping_address_line_2: null,
    shipping_country: null,
    shipping_postal_code: null,
    payment_request_meta: {},
    payment_methods: [
      {
        id: methodId,
        token: '4242-07-2031',
        issuer: 'VISA',
        last4: '4242',
        exp_month: 7,
        exp_year: 2031,
        created_at: '2026-07-01T14:05:00.000Z',
        billing_address: address,
      },
    ],
    ...overrides,
  };
}

function result(
  overrides: Partial<PayeeSearchResult['client']> = {},
  customers = [customer()],
): PayeeSearchResult {
  return {
    customers,
    client: {
      id: merchantId,
      name: 'Harbor Lane Coffee',
      has_patient_information_in_vault: false,
      public_key: 'pk_test_harbor',
      ...overrides,
    },
    is_truncated: false,
  };
}

// A merchant user by default: it searches its own merchant, with no selector.
function renderPage(answers: Record<string, StubbedAnswer>, role: 'user' | 'admin' = 'user') {
  const fetchMock = stubFetch({ '/api/timezone': ok([['America/New_York', 'Eastern']]), ...answers });
  renderFeature(
    <MemoryRouter initialEntries={['/vault']}>
      <VaultPage />
    </MemoryRouter>,
    { role },
  );
  return fetchMock;
}

beforeEach(() => notifications.clean());

describe('VaultPage', () => {
  it('runs a search with the text in every field and lists the customers with the virtual terminal links', async () => {
    const fetchMock = renderPage({ '/api/payee/all': ok(result()) });
    await userEvent.type(screen.getByLabelText(VaultText.SearchLabel), 'smi');
    await userEvent.click(screen.getByRole('button', { name: VaultText.RunSearch }));
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContain(
        'GET /api/payee/all?external_id=smi&first_name=smi&last_name=smi&email=smi&patient_number=smi',
      ),
    );
    const table = await screen.findByRole('table', { name: 'Vault customers' });
    expect(within(table).getByText('Jordan Smith')).toBeInTheDocument();
    expect(within(table).getByText('CUST-000123')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Swipe' })).toHaveAttribute(
      'href',
      '/virtual-terminal/pk_test_harbor?routing=pk_test_harbor&isSwipeOnly=true',
    );
    expect(within(table).getByRole('link', { name: 'Card Not Present for Jordan Smith' })).toHaveAttribute(
      'href',
      `/virtual-terminal/pk_test_harbor?routing=pk_test_harbor&isSwipeAndCNP=true&customerId=${customerId}`,
    );
  });

  it('asks for a search before one, and says nothing was found only after one', async () => {
    renderPage({ '/api/payee/all': ok(result({}, [])) });
    expect(
      await screen.findByText('Search by name, e-mail, phone or external ID to find a saved customer.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No customers found.')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(VaultText.SearchLabel), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: VaultText.RunSearch }));
    expect(await screen.findByText('No customers found.')).toBeInTheDocument();
  });

  it("offers staff the merchant selector and searches the chosen merchant's vault", async () => {
    const fetchMock = renderPage({ '/api/payee/all': ok(result()) }, 'admin');
    expect(await screen.findByRole('combobox', { name: 'Merchant' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(VaultText.SearchLabel), 'smi');
    await userEvent.click(screen.getByRole('button', { name: VaultText.RunSearch }));
    // The staff user's merchant starts chosen: every search names it.
    await waitFor(() =>
      expect(requestedPaths(fetchMock)).toContainEqual(
        expect.stringMatching(/^GET \/api\/payee\/all\?external_id=smi&.*&clientid=[0-9a-f-]{36}$/),
      ),
    );
    const searches = requestedPaths(fetchMock).filter((path) => path.startsWith('GET /api/payee/all'));
    expect(searches.every((path) => /clientid=[0-9a-f-]{36}$/.test(path))).toBe(true);
    expect(await screen.findByText('Jordan Smith')).toBeInTheDocument();
  });

  it('hides the virtual terminal links without Virtual Terminal, and uses the patient layout for a healthcare merchant', async () => {
    renderPage({
      '/api/payee/all': ok(
        result({ public_key: null, has_patient_information_in_vault: true }, [
          customer({ patient_number: 'P-104233', patient_first_name: 'Mia', patient_last_name: 'Smith' }),
        ]),
      ),
    });
    const table = await screen.findByRole('table', { name: 'Vault customers' });
    expect(within(table).getByRole('columnheader', { name: 'Patient Number' })).toBeInTheDocument();
    expect(within(table).getByText('P-104233')).toBeInTheDocument();
    expect(within(table).getByText('Mia Smith')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Swipe' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /Card Not Present/ })).not.toBeInTheDocument();
  });

  it('shows a payment method with its billing address and a link to charge it', async () => {
    renderPage({ '/api/payee/all': ok(result()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Payment methods of Jordan Smith' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Payment Methods' });
    expect(within(dialog).getByText('4242-07-2031')).toBeInTheDocument();
    expect(within(dialog).queryByText('1200 Pike St')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'VISA 4242-07-2031' }));
    expect(within(dialog).getByText('1200 Pike St')).toBeInTheDocument();
    expect(within(dialog).getByText('Seattle, WA 98101')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Charge This Method' })).toHaveAttribute(
      'href',
      `/virtual-terminal/pk_test_harbor?routing=pk_test_harbor&isSwipeAndCNP=true&customerId=${customerId}&paymentMethodId=${methodId}`,
    );
  });

  it('saves a changed e-mail with only that field and says so', async () => {
    const fetchMock = renderPage({
      '/api/payee/all': ok(result()),
      [`PATCH /api/v1/vault/${customerId}`]: ok(customer({ email: 'jordan@new.example' })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jordan Smith' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    const email = within(dialog).getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'jordan@new.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(VaultText.Saved)).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ email: 'jordan@new.example' });
  });

  it('refuses a blanked name before sending, and shows the server reason of a failed save', async () => {
    const fetchMock = renderPage({
      '/api/payee/all': ok(result()),
      [`PATCH /api/v1/vault/${customerId}`]: failure(400, 'VAULT_EMAIL_INVALID', VaultText.EmailInvalid),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jordan Smith' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    await userEvent.clear(within(dialog).getByLabelText(/Last Name/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(`${VaultText.ErrorSavingPrefix}${VaultText.NameRequired}`),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('PATCH'))).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Last Name/), 'Smith');
    await userEvent.type(within(dialog).getByLabelText('Phone Number'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(`${VaultText.ErrorSavingPrefix}${VaultText.EmailInvalid}`),
    ).toBeInTheDocument();
  });

  it("says 'No customer data' when there is nothing to save", async () => {
    const fetchMock = renderPage({ '/api/payee/all': ok(result()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jordan Smith' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(VaultText.NoCustomerData)).toBeInTheDocument();
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('PATCH'))).toBe(false);
  });
});
