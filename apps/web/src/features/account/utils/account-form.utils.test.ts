import type { AccountDetail } from '@portico/contracts/clients/account-detail';
import { describe, expect, it } from 'vitest';
import { buildEditDraft, displayText, formValuesOf, sectionFieldNames } from './account-form.utils';

const account: AccountDetail = {
  id: '7c1f0c0e-3f0a-4b8e-9a3e-0c8b9d2a1f00',
  name: 'Harbor Lane',
  level: 'Merchant',
  parent: null,
  enrollment_id: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  mid: null,
  public_key: 'pub',
  api_key: null,
  has_logo: false,
  logo: null,
  country: 'US',
  keystore: null,
  wallet: null,
  mccConfigs: null,
  whitelabel: null,
  location_custom_fields: null,
  fields: {
    name: 'Harbor Lane',
    card_rate: '2.59+0.10',
    etf: '500.00',
    tax_id: '**-***1234',
    card_p2c: false,
    website: null,
  },
  view: {
    sections: ['business', 'processing'],
    editable_sections: ['business', 'processing'],
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
};

describe('buildEditDraft', () => {
  it('sends only the changed fields with the id, blank as null, and never an untouched mask', () => {
    const values = {
      ...formValuesOf(account),
      card_rate: ' 2.95+0.25 ',
      website: '',
      card_p2c: true,
      name: '',
    };
    expect(buildEditDraft(account, values)).toEqual({
      id: account.id,
      card_rate: '2.95+0.25',
      card_p2c: true,
      name: null,
    });
  });

  it('sends nothing but the id when nothing changed', () => {
    expect(buildEditDraft(account, formValuesOf(account))).toEqual({ id: account.id });
  });
});

describe('sectionFieldNames and displayText', () => {
  it('lists the answered fields of a section in the table order', () => {
    expect(sectionFieldNames(account, 'business')).toEqual(['name', 'tax_id', 'website']);
  });

  it('shows money with a dollar sign and thousands separators, booleans in words and blanks as a dash', () => {
    expect(displayText('etf', '500.00')).toBe('$500.00');
    expect(displayText('etf', '5000')).toBe('$5,000.00');
    expect(displayText('etf', '1234567.5')).toBe('$1,234,567.50');
    expect(displayText('card_p2c', false)).toBe('Disabled');
    expect(displayText('pause_settlement', true)).toBe('Paused');
    expect(displayText('is_monthly_billing_enabled', true)).toBe('Yes');
    expect(displayText('payment', 'merchante')).toBe('MerchantE');
    expect(displayText('ach', 'false')).toBe('Disabled');
    expect(displayText('website', null)).toBe('—');
  });
});
