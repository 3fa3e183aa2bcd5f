import type { AccountDetail } from '@portico/contracts/clients/account-detail';
import { AccountText, KeystoreText } from '@portico/contracts/clients/account-detail';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { AccountDetailPage, type AccountPanelSlots } from './account-detail-page';

// Mantine's floating dropdowns stay display:none under happy-dom; absent elements are still absent.
configure({ defaultHidden: true });

const clientId = '7c1f0c0e-3f0a-4b8e-9a3e-0c8b9d2a1f00';
const parentId = '5b2e1d0c-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

function buildAccount(overrides: Partial<AccountDetail> = {}): AccountDetail {
  return {
    id: clientId,
    name: 'Maple Street Hardware',
    level: 'Merchant',
    parent: { id: parentId, name: 'Summit Merchant Services', hashcode: null },
    enrollment_id: null,
    updated_at: '2026-11-01T10:00:00.000Z',
    mid: null,
    public_key: 'pub_maple',
    api_key: 'sk_maple',
    has_logo: false,
    logo: null,
    country: 'US',
    keystore: null,
    wallet: null,
    mccConfigs: null,
    whitelabel: null,
    location_custom_fields: null,
    fields: {
      name: 'Maple Street Hardware',
      tax_id: '**-***6789',
      mcc_code: '5251',
      card_rate: '2.90+0.30',
      etf: '500.00',
      monthly_fee: null,
      account_number: '****4321',
    },
    view: {
      sections: ['business', 'processing', 'schedule_a', 'bank'],
      editable_sections: ['business', 'processing', 'schedule_a', 'bank'],
      can_edit: true,
      can_reveal: true,
      is_staff: true,
      can_change_parent: true,
      can_change_level: true,
      shows_full_data: true,
      shows_review_links: true,
      shows_enablement_options: true,
      shows_payment_page: true,
      shows_users_contacts: true,
      keystore_fields: [],
    },
    ...overrides,
  };
}

const slots: AccountPanelSlots = {
  notes: () => 'notes',
  documents: () => 'documents',
  users: () => 'users',
  subpricing: () => 'subpricing',
  subpricingTable: (account) => `subpricing table of ${account.id}`,
  developer: (account) => `developer enrollment of ${account.enrollment_id}`,
};

function renderPage(
  account: AccountDetail,
  answers: Record<string, StubbedAnswer> = {},
  role: 'admin' | 'user' = 'admin',
) {
  const fetchMock = stubFetch({
    '/api/timezone': ok([['UTC', 'UTC']]),
    [`GET /api/account/${clientId}`]: ok(account),
    [`/api/account/${clientId}/payout-volume`]: ok([{ month: '2026-10', total: '1250.00' }]),
    '/api/mcc': ok([{ mcc_code: '5251', label: 'Hardware Stores', card_rate: '2.75+0.20' }]),
    ...answers,
  });
  renderFeature(
    <MemoryRouter>
      <AccountDetailPage clientId={clientId} slots={slots} />
    </MemoryRouter>,
    { role },
  );
  return fetchMock;
}

function patchedMeta(fetchMock: ReturnType<typeof stubFetch>): unknown {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
  const body: unknown = JSON.parse(String(call?.[1]?.body));
  if (typeof body !== 'object' || body === null || !('meta' in body) || typeof body.meta !== 'string') {
    throw new Error('PATCH without meta');
  }
  return JSON.parse(body.meta);
}

describe('AccountDetailPage', () => {
  it('asks for the record, the payout chart and the MCC list at once on first paint', async () => {
    const fetchMock = renderPage(buildAccount());
    await screen.findByRole('heading', { level: 1, name: 'Maple Street Hardware' });
    const firstRound = requestedPaths(fetchMock).slice(0, 3).sort();
    expect(firstRound).toEqual(
      [`GET /api/account/${clientId}`, `GET /api/account/${clientId}/payout-volume`, 'GET /api/mcc'].sort(),
    );
  });

  it("shows Settings' location custom fields from the record, without a request of their own", async () => {
    const account = buildAccount({ location_custom_fields: [{ name: 'Register', type: 'text' }] });
    const fetchMock = renderPage({
      ...account,
      fields: { default_receipt_template: null },
      view: { ...account.view, sections: ['settings'], editable_sections: [] },
    });
    expect(await screen.findByText('Register (text)')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain(`GET /api/account/${clientId}/location-custom-fields`);
  });

  it('shows only the sections the server gave, with sensitive values masked', async () => {
    renderPage(buildAccount());
    expect(await screen.findByRole('heading', { name: 'Schedule A Fees' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Principals' })).toBeNull();
    expect(screen.getByTestId('account-value-account_number')).toHaveTextContent('****4321');
    expect(screen.getByTestId('account-value-etf')).toHaveTextContent('$500.00');
  });

  it('saves only the changed fields after the confirmation and says so', async () => {
    const fetchMock = renderPage(buildAccount(), {
      [`PATCH /api/client/${clientId}`]: ok({
        id: clientId,
        updated_at: '2026-11-02T10:00:00.000Z',
        changed: [],
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const fee = screen.getByRole('textbox', { name: 'Monthly Fee' });
    await userEvent.type(fee, '19.95');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const confirmation = screen.getByRole('group', { name: 'Confirmation' });
    expect(confirmation).toHaveTextContent(AccountText.ConfirmSave);
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AccountText.Updated)).toBeInTheDocument();
    expect(patchedMeta(fetchMock)).toEqual({ id: clientId, monthly_fee: '19.95' });
  });

  it("shows the server's reason when the save fails", async () => {
    renderPage(buildAccount(), {
      [`PATCH /api/client/${clientId}`]: failure(422, 'MCC_RATE_BELOW_FLOOR', 'Too low'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Monthly Fee' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Confirmation' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText(`${AccountText.UpdateFailed} Too low`)).toBeInTheDocument();
  });

  it('replaces a card rate below the MCC base rate with the base rate', async () => {
    renderPage(buildAccount());
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const rate = screen.getByRole('textbox', { name: 'Card Rate' });
    await userEvent.clear(rate);
    await userEvent.type(rate, '2.10+0.10');
    await userEvent.tab();
    await waitFor(() => expect(rate).toHaveValue('2.75+0.20'));
  });

  it('reveals a sensitive value through its own call', async () => {
    const fetchMock = renderPage(buildAccount(), {
      [`POST /api/account/${clientId}/reveal`]: ok({ field: 'account_number', value: '000987654321' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reveal Account Number' }));
    expect(await screen.findByText('000987654321')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`POST /api/account/${clientId}/reveal`);
  });

  it('offers no Edit, Actions or reveal to a caller who may not use them', async () => {
    const account = buildAccount();
    renderPage({
      ...account,
      api_key: null,
      view: {
        ...account.view,
        can_edit: false,
        can_reveal: false,
        is_staff: false,
        can_change_parent: false,
        shows_full_data: false,
        shows_review_links: false,
        shows_enablement_options: false,
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Maple Street Hardware' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
  });

  it('offers staff "View as this merchant"', async () => {
    renderPage(buildAccount());
    expect(await screen.findByRole('button', { name: 'View as this merchant' })).toBeInTheDocument();
  });

  it('offers a merchant user no view-as', async () => {
    renderPage(buildAccount(), {}, 'user');
    await screen.findByRole('heading', { level: 1, name: 'Maple Street Hardware' });
    expect(screen.queryByRole('button', { name: 'View as this merchant' })).toBeNull();
  });

  it("shows a parent's subpricing table in its submerchant settings", async () => {
    const account = buildAccount();
    renderPage({
      ...account,
      level: 'Parent',
      parent: null,
      view: { ...account.view, sections: [...account.view.sections, 'submerchant'] },
    });
    const section = await screen.findByRole('region', { name: 'Subpricing' });
    expect(section).toHaveTextContent(`subpricing table of ${clientId}`);
  });

  it("shows a parent's current entity pricing read-only, and its rates as inputs while editing", async () => {
    const account = buildAccount();
    const parent: AccountDetail = {
      ...account,
      level: 'Parent',
      parent: null,
      fields: {
        ...account.fields,
        child_payment: 'epx',
        child_ach: 'false',
        child_card_rate: '2.75+0.25',
        child_ach_rate: null,
        child_crypto_rate: null,
      },
      view: {
        ...account.view,
        sections: [...account.view.sections, 'submerchant'],
        editable_sections: [...account.view.editable_sections, 'submerchant'],
      },
    };
    const fetchMock = renderPage(parent, {
      [`PATCH /api/client/${clientId}`]: ok({
        id: clientId,
        updated_at: '2026-11-02T10:00:00.000Z',
        changed: [],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Current Entity Pricing' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['TypeProcessorRate', 'CardEPX2.75+0.25', 'ACHDisabled—', 'Crypto——']);
    expect(screen.queryByTestId('account-value-child_card_rate')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('table', { name: 'Current Entity Pricing' })).toBeNull();
    const cryptoRate = screen.getByRole('textbox', { name: 'Default Crypto Rate' });
    await userEvent.type(cryptoRate, '1.00+0.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Confirmation' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText(AccountText.Updated)).toBeInTheDocument();
    expect(patchedMeta(fetchMock)).toEqual({ id: clientId, child_crypto_rate: '1.00+0.00' });
  });

  it('shows no subpricing table for a merchant', async () => {
    const account = buildAccount();
    renderPage({
      ...account,
      view: { ...account.view, sections: [...account.view.sections, 'submerchant'] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Maple Street Hardware' });
    expect(screen.queryByRole('region', { name: 'Subpricing' })).toBeNull();
    expect(screen.queryByText(/subpricing table of/)).toBeNull();
  });

  describe('processor identifiers and two-state switches', () => {
    function keystoreAccount() {
      const account = buildAccount();
      return buildAccount({
        fields: {
          ...account.fields,
          payment: 'epx',
          ach: 'false',
          crypto: 'false',
          card_p2c: true,
          pause_settlement: false,
          propay_mid: null,
          heartland_public_key: null,
          epx_external_key: '****9x2K',
          epx_merchant_identifier: '900112345678',
          m_mid: null,
          m_pid: null,
          b_mid: null,
          b_id: null,
          curpay_id: null,
          forum_pay_identifier: null,
        },
        view: {
          ...account.view,
          sections: ['business', 'processing', 'keystore'],
          editable_sections: ['business', 'processing', 'keystore'],
          keystore_fields: ['epx_external_key', 'epx_merchant_identifier'],
        },
      });
    }

    it("shows the identifiers of the account's processor, the processor by name, and pass to consumer in words", async () => {
      renderPage(keystoreAccount());
      expect(await screen.findByRole('heading', { name: 'Processor Identifiers' })).toBeInTheDocument();
      expect(screen.getByTestId('account-value-epx_merchant_identifier')).toHaveTextContent('900112345678');
      expect(screen.getByTestId('account-value-epx_external_key')).toHaveTextContent('****9x2K');
      expect(screen.queryByTestId('account-value-m_mid')).toBeNull();
      expect(screen.getByTestId('account-value-payment')).toHaveTextContent('EPX');
      expect(screen.getByTestId('account-value-card_p2c')).toHaveTextContent('Enabled');
      expect(screen.getByTestId('account-value-pause_settlement')).toHaveTextContent('Actively Settling');
    });

    it("shows the chosen processor's identifiers while editing and refuses a MID that is not digits", async () => {
      const fetchMock = renderPage(keystoreAccount());
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Card Processor' }), 'merchante');
      expect(screen.queryByRole('textbox', { name: 'EPX Merchant Identifier' })).toBeNull();
      await userEvent.type(screen.getByRole('textbox', { name: 'MerchantE MID' }), '12-34');
      await userEvent.type(screen.getByRole('textbox', { name: 'MerchantE PID' }), '778899');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(KeystoreText.numericInvalid('MerchantE MID'))).toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    });

    it('does not offer paused settlement for Bluesnap', async () => {
      renderPage(keystoreAccount());
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      const pause = screen.getByRole('combobox', { name: 'Pause Settlement' });
      expect(within(pause).getByRole('option', { name: 'Paused' })).not.toBeDisabled();
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Card Processor' }), 'bluesnap');
      expect(within(pause).getByRole('option', { name: 'Paused' })).toBeDisabled();
      expect(screen.getByRole('textbox', { name: 'Bluesnap MID' })).toBeInTheDocument();
      expect(
        within(screen.getByRole('combobox', { name: 'Card Pass to Consumer' })).getByRole('option', {
          name: 'Disabled',
        }),
      ).toBeInTheDocument();
    });
  });

  it('opens the developer enrollment panel of an account that came through enrollment', async () => {
    const enrollmentId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    renderPage(buildAccount({ enrollment_id: enrollmentId }));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Developer Enrollment', hidden: true }));
    expect(await screen.findByText(`developer enrollment of ${enrollmentId}`)).toBeInTheDocument();
  });

  it('offers no developer enrollment for an account without an enrollment', async () => {
    renderPage(buildAccount());
    await userEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Edit Hierarchy', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Developer Enrollment', hidden: true })).toBeNull();
  });

  describe("a parent's inherited sub-merchant settings", () => {
    function buildParent(isStaff: boolean): AccountDetail {
      const account = buildAccount();
      return {
        ...account,
        level: 'Parent',
        parent: null,
        fields: {
          ...account.fields,
          child_payment: 'epx',
          child_onboard: true,
          child_rev_share: '45',
          child_avg_ticket: '75.00',
          child_high_ticket: '5000.00',
          child_monthly_volume: '50000.00',
          child_monthly_high_volume: null,
          child_enroll_email: 'true',
          child_pause_settlement: false,
        },
        view: {
          ...account.view,
          is_staff: isStaff,
          sections: [...account.view.sections, 'submerchant'],
          editable_sections: [...account.view.editable_sections, 'submerchant'],
        },
      };
    }
    const saved = {
      [`PATCH /api/client/${clientId}`]: ok({
        id: clientId,
        updated_at: '2026-11-02T10:00:00.000Z',
        changed: [],
      }),
    };

    async function confirmSave() {
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await userEvent.click(
        within(screen.getByRole('group', { name: 'Confirmation' })).getByRole('button', { name: 'Save' }),
      );
    }

    it('shows them in the Submerchant Settings', async () => {
      renderPage(buildParent(true));
      const section = await screen.findByRole('region', { name: 'Submerchant Settings' });
      expect(within(section).getByTestId('account-value-child_onboard')).toHaveTextContent('Yes');
      expect(within(section).getByTestId('account-value-child_rev_share')).toHaveTextContent('45%');
      expect(within(section).getByTestId('account-value-child_avg_ticket')).toHaveTextContent('$75.00');
      expect(within(section).getByTestId('account-value-child_monthly_high_volume')).toHaveTextContent('—');
      expect(within(section).getByTestId('account-value-child_pause_settlement')).toHaveTextContent('No');
    });

    it('lets staff edit and save them, sending only what changed', async () => {
      const fetchMock = renderPage(buildParent(true), saved);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      const revShare = screen.getByRole('textbox', { name: 'Default Revenue Share (%)' });
      await userEvent.clear(revShare);
      await userEvent.type(revShare, '30');
      await userEvent.click(screen.getByRole('checkbox', { name: 'Default Pause Settlement' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'Default Auto-Onboard' }));
      await userEvent.selectOptions(
        screen.getByRole('combobox', { name: 'Default Welcome Email' }),
        'custom',
      );
      await userEvent.type(screen.getByRole('textbox', { name: 'Default Monthly High Volume' }), '90000.00');
      await confirmSave();
      expect(await screen.findByText(AccountText.Updated)).toBeInTheDocument();
      expect(patchedMeta(fetchMock)).toEqual({
        id: clientId,
        child_rev_share: '30',
        child_pause_settlement: true,
        child_onboard: false,
        child_enroll_email: 'custom',
        child_monthly_high_volume: '90000.00',
      });
    });

    it.each([
      ['Default Revenue Share (%)', '101', AccountText.WholePercentInvalid],
      ['Default Revenue Share (%)', '12.5', AccountText.WholePercentInvalid],
      ['Default Average Ticket', '-5', 'Enter an amount with at most 2 decimals.'],
      ['Default High Ticket', '50.00', AccountText.ChildHighTicketBelowAverage],
      ['Default Monthly High Volume', '100.00', AccountText.ChildHighVolumeBelowVolume],
    ])('names a refused %s (%s) under the field and sends nothing', async (label, value, message) => {
      const fetchMock = renderPage(buildParent(true), saved);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      const input = screen.getByRole('textbox', { name: label });
      await userEvent.clear(input);
      await userEvent.type(input, value);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('group', { name: 'Confirmation' })).toBeNull();
      expect(requestedPaths(fetchMock)).not.toContain(`PATCH /api/client/${clientId}`);
    });

    it('leaves them read-only to a parent editing the rest of the section', async () => {
      renderPage(buildParent(false));
      await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      expect(screen.getByRole('combobox', { name: 'Default Card Processor' })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Default Revenue Share (%)' })).toBeNull();
      expect(screen.queryByRole('checkbox', { name: 'Default Auto-Onboard' })).toBeNull();
      expect(screen.getByTestId('account-value-child_rev_share')).toHaveTextContent('45%');
    });
  });
});
