import { notifications } from '@mantine/notifications';
import { ExportText } from '@portico/contracts/exports/exports';
import { type PayeeSearchResult, type VaultCustomer, VaultText } from '@portico/contracts/vault/vault';
import {
  type VaultExportRow,
  vaultExportColumnIdsOf,
  vaultExportColumns,
} from '@portico/contracts/vault/vault-export-columns';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, requestedPaths, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { VaultPage } from './vault-page';

// The Vault page's Export: every customer the search matches, asked of the server with the table's
// columns, which are the server export's columns (same headers, same cells).

const merchantId = '00000000-0000-4000-8000-0000000000a1';

function customer(index: number, overrides: Partial<VaultCustomer> = {}): VaultCustomer {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    first_name: 'Jordan',
    last_name: `Smith${index}`,
    email: `jordan${index}@example.com`,
    phone_number: '(206) 555-0101',
    merchant_name: 'Harbor Lane Coffee',
    client: { id: merchantId },
    has_customer: true,
    patient_number: null,
    patient_first_name: null,
    patient_last_name: null,
    patient_fields_hidden: false,
    external_id: `CUST-${index}`,
    billing_region: null,
    billing_locality: null,
    billing_address_line_1: null,
    billing_address_line_2: null,
    billing_country: null,
    billing_postal_code: null,
    shipping_region: null,
    shipping_locality: null,
    shipping_address_line_1: null,
    shipping_address_line_2: null,
    shipping_country: null,
    shipping_postal_code: null,
    payment_request_meta: {},
    payment_methods: [],
    ...overrides,
  };
}

function result(customers: VaultCustomer[], isPatientLayout = false, isTruncated = false): PayeeSearchResult {
  return {
    customers,
    client: {
      id: merchantId,
      name: 'Harbor Lane Coffee',
      has_patient_information_in_vault: isPatientLayout,
      public_key: null,
    },
    is_truncated: isTruncated,
  };
}

const requested = ok({
  id: '00000000-0000-4000-8000-00000000e0e0',
  grid: 'vault',
  title: 'Customer Vault',
  format: 'csv',
  status: 'queued',
  rows_written: 0,
  rows_total: null,
  byte_size: null,
  file_name: 'Customer Vault 2026-07-01.csv',
  error: null,
  created_at: '2026-07-01T14:05:00.000Z',
  finished_at: null,
  expires_at: null,
});

function renderPage(answers: Record<string, StubbedAnswer>, role: 'user' | 'admin' = 'user') {
  const fetchMock = stubFetch({ '/api/timezone': ok([['America/Chicago', 'Central']]), ...answers });
  renderFeature(
    <MemoryRouter initialEntries={['/vault']}>
      <VaultPage />
    </MemoryRouter>,
    { role },
  );
  return fetchMock;
}

async function search(text: string) {
  await userEvent.type(screen.getByLabelText(VaultText.SearchLabel), text);
  await userEvent.click(screen.getByRole('button', { name: VaultText.RunSearch }));
}

const exportBodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input).includes('/api/exports/vault') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => notifications.clean());

describe('the Vault page’s Export', () => {
  it('asks the server for every customer the search matches, with the table’s columns, and says where the file goes', async () => {
    const hundred = Array.from({ length: 100 }, (_, index) => customer(index));
    const fetchMock = renderPage({
      '/api/payee/all': ok(result(hundred, false, true)),
      'POST /api/exports/vault': requested,
    });
    await search('smi');
    await screen.findByRole('table', { name: 'Vault customers' });
    expect(
      screen.getByText('The export holds every matching customer, not only these 100.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    // The menu opens in a portal whose transition the test DOM does not run.
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV, by the server', hidden: true }));
    expect(await screen.findByText(ExportText.Requested, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Exports' })).toHaveAttribute('href', '/exports');
    expect(exportBodies(fetchMock)).toEqual([
      {
        format: 'csv',
        params: {
          external_id: 'smi',
          first_name: 'smi',
          last_name: 'smi',
          email: 'smi',
          patient_number: 'smi',
        },
        columns: ['name', 'email', 'phone', 'external_id', 'methods'],
        filters: {},
        sort_model: [],
        time_zone: 'America/Chicago',
      },
    ]);
  });

  it("names the chosen merchant and the patient layout's columns, in Excel", async () => {
    const fetchMock = renderPage(
      {
        '/api/payee/all': ok(result([customer(1, { patient_fields_hidden: true })], true)),
        'POST /api/exports/vault': requested,
      },
      'admin',
    );
    await screen.findByRole('table', { name: 'Vault customers' });
    // Under the 100 cap the table holds every match: nothing to say about the export.
    expect(screen.queryByText(/The export holds every matching customer/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Excel (.xlsx), by the server', hidden: true }),
    );
    await waitFor(() => expect(exportBodies(fetchMock)).toHaveLength(1));
    const [body] = exportBodies(fetchMock);
    expect(body).toMatchObject({
      format: 'xlsx',
      params: {},
      columns: ['patient_number', 'patient_name', 'account_holder', 'email', 'phone', 'methods'],
    });
    expect(body.merchant_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers no Export before a search finds anyone', async () => {
    const fetchMock = renderPage({ '/api/payee/all': ok(result([])) });
    await search('nobody');
    expect(await screen.findByText('No customers found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('POST'))).toBe(false);
  });

  it.each([
    false,
    true,
  ])('writes the table’s headers and cells (patient layout: %s)', async (isPatientLayout) => {
    const shown = customer(7, {
      patient_number: 'P-104233',
      patient_first_name: 'Mia',
      patient_last_name: null,
      payment_methods: [],
    });
    const hidden = customer(8, { first_name: null, patient_fields_hidden: true, email: null });
    renderPage({ '/api/payee/all': ok(result([shown, hidden], isPatientLayout)) });
    const table = await screen.findByRole('table', { name: 'Vault customers' });
    const ids = vaultExportColumnIdsOf(isPatientLayout);
    const columns = ids.map((id) => vaultExportColumns.find((column) => column.id === id));
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent ?? '');
    expect(headers).toEqual([...columns.map((column) => column?.header), '']);
    const rows = within(table).getAllByRole('row').slice(1);
    for (const [index, source] of [shown, hidden].entries()) {
      const exportRow: VaultExportRow = { ...source, method_count: source.payment_methods.length };
      const cells = within(rows[index] as HTMLElement)
        .getAllByRole('cell')
        .slice(0, ids.length)
        .map((cell) => cell.textContent ?? '');
      expect(cells).toEqual(columns.map((column) => String(column?.value(exportRow) ?? '')));
    }
  });
});
