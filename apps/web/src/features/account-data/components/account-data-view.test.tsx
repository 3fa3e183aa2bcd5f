import type { AccountData } from '@portico/contracts/account-data/account-data';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { AccountDataView, type ComposedPanel } from './account-data-view';

const clientId = '6f1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11';

function buildAccount(overrides: Partial<AccountData> = {}): AccountData {
  return {
    id: clientId,
    level: 'Merchant',
    name: 'Juniper Bakery',
    legal_name: 'Juniper Bakery LLC',
    dba_name: 'Juniper Bakery',
    start_date: '2021-04-01',
    tax_id: '****6789',
    ssn: null,
    country: 'US',
    email: 'billing@juniper.example',
    phone: '(801) 555-0100',
    website: null,
    address_line_1: '1 Main St',
    address_line_2: null,
    locality: 'Provo',
    region: 'UT',
    postal_code: '84601',
    business_address_1: '1 Main St',
    business_address_2: null,
    business_locality: 'Provo',
    business_region: 'UT',
    business_postal_code: '84601',
    business_phone_number: null,
    business_description: null,
    business_type: null,
    principal_ownership_type: 'LLC Private',
    mcc_code: '5462',
    api_key: '11111111-1111-4111-8111-111111111111',
    public_key: '22222222-2222-4222-8222-222222222222',
    parent: null,
    processing: { payment: 'fis', ach: null, crypto: null, terminals: null, payout: 'split_settlement' },
    principals: [
      {
        position: 1,
        first_name: 'June',
        last_name: 'Park',
        ssn: '****4321',
        title: 'Owner',
        ownership_percent: '100.00',
        phone_number: null,
        address_line_1: null,
        city: 'Provo',
        state_province: 'UT',
        postal_code: '84601',
      },
    ],
    submerchant: null,
    ...overrides,
  };
}

function renderView(account: AccountData, propayMid: string | null = null, panels: ComposedPanel[] = []) {
  stubFetch({
    '/api/timezone': ok([['UTC', 'UTC']]),
    '/api/account-data': ok(account),
    '/api/processor-enablement': ok({
      epx: { is_enabled: false, merchant_identifier: null },
      propay: { is_enabled: propayMid !== null, propay_mid: propayMid },
      forumpay: { is_enabled: false, forum_pay_identifier: null, forum_pay_state: null },
    }),
    '/api/sso/propay': ok({
      authToken: 'v1.1.x',
      portal_url: '/api/propay/sandbox/portal?client_id=x&token=y',
    }),
  });
  renderFeature(<AccountDataView clientId={clientId} panels={panels} />);
}

describe('AccountDataView', () => {
  it("shows a merchant's sections with the tax id and SSNs masked, without submerchant settings", async () => {
    renderView(buildAccount());
    expect(await screen.findByRole('heading', { name: 'Juniper Bakery', level: 1 })).toBeTruthy();
    for (const title of [
      'Merchant Information',
      'Merchant Address',
      'Merchant Contact',
      'Processing',
      'Principal 1',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getByText('****6789')).toBeTruthy();
    expect(screen.getByText('****4321')).toBeTruthy();
    expect(screen.getByText('June Park')).toBeTruthy();
    // The processor and payout mode by their names, never the stored codes.
    expect(screen.getByText('FIS')).toBeTruthy();
    expect(screen.getByText('Split settlement')).toBeTruthy();
    expect(screen.queryByText('split_settlement')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Submerchant Settings/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open ProPay portal' })).toBeNull();
  });

  it("shows a parent's submerchant settings", async () => {
    renderView(
      buildAccount({
        level: 'Parent',
        submerchant: {
          enrollment_path: `/enroll/${clientId}`,
          onboard: true,
          enroll_email: 'true',
          card_rate: '2.90+0.30',
          ach_rate: null,
          crypto_rate: null,
          subpricing_mcc_codes: ['5812', '5814'],
          whitelabel_entity_name: null,
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Submerchant Settings: Enrollment' })).toBeTruthy();
    expect(screen.getByText(`/enroll/${clientId}`)).toBeTruthy();
    expect(screen.getByText('5812, 5814')).toBeTruthy();
  });

  it('opens the ProPay portal 480px high for a merchant with a ProPay account', async () => {
    renderView(buildAccount(), '712345678');
    await userEvent.click(await screen.findByRole('button', { name: 'Open ProPay portal' }));
    const frame = await screen.findByTitle('ProPay portal');
    expect(frame.getAttribute('src')).toBe('/api/propay/sandbox/portal?client_id=x&token=y');
    expect(frame.style.height).toBe('480px');
  });

  it('lists the side panels in their order and opens a composed one with the account', async () => {
    const composed = (key: string, label: string): ComposedPanel => ({
      key,
      label,
      render: ({ accountName }) => <p>{`${label} of ${accountName}`}</p>,
    });
    renderView(buildAccount(), null, [
      composed('certification', 'Certification'),
      composed('ticket', 'Ticket'),
      composed('documents', 'Documents'),
      composed('notes', 'Notes'),
      composed('hierarchy', 'Edit Hierarchy'),
      composed('mcc', 'Setup MCC Code'),
      composed('users', 'Users'),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Links' }));
    const items = (await screen.findAllByRole('menuitem', { hidden: true })).map((item) => item.textContent);
    const panelLabels = [
      'Manage Processor Enablement',
      'Users',
      'IDs',
      'Setup MCC Code',
      'Edit Hierarchy',
      'Ticket',
      'Events',
      'Notes',
      'Documents',
      'Certification',
    ];
    expect(items.filter((label) => panelLabels.includes(label ?? ''))).toEqual(panelLabels);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Ticket', hidden: true }));
    expect(await screen.findByText(/^Ticket of /)).toBeInTheDocument();
  });
});
