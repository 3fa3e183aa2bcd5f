import type { CtaApplicationView } from '@portico/contracts/enrollment/click-to-agree';
import { describe, expect, it } from 'vitest';
import { ctaFormDefaults, isParentOfLink, mixTotalText, onFileHint, percentForInput } from './cta-form.utils';

const view: CtaApplicationView = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  parent_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  parent_name: 'Summit Merchant Services',
  status: 'cta_sent',
  can_submit: true,
  agreed_at: null,
  business: {
    dba_name: 'Fern & Fig Kitchen',
    legal_name: null,
    ownership_type: 'Government Agency',
    fed_tx_id_last4: '4567',
    business_description: null,
    start_date: null,
    website: null,
  },
  address: {
    business_address_one: '1200 Pearl St',
    business_address_two: null,
    business_city: 'Boulder',
    business_state_province: 'CO',
    business_postal_code: '80302',
  },
  contact: { first_name: null, last_name: null, email: 'owner@fernfig.example', business_phone_number: null },
  owners: [
    {
      position: 1,
      first_name: 'June',
      last_name: 'Park',
      title: null,
      ownership_percent: '60.00',
      ssn_last4: '6789',
      has_date_of_birth: true,
      phone_number: null,
      address_line_one: null,
      address_line_two: null,
      city: null,
      state_province: null,
      postal_code: null,
    },
  ],
  settlement: { account_number_last4: '4321', routing_number_last4: '0021', account_type: 'business' },
  transaction_mix: {
    card_swiped: 70,
    keyed_card_present_not_imprinted: null,
    mail_or_phone_order: 0,
    internet: null,
  },
};

describe('ctaFormDefaults', () => {
  it('fills what staff entered and leaves sensitive numbers to be typed again', () => {
    const values = ctaFormDefaults(view);
    expect(values.business).toMatchObject({ dba_name: 'Fern & Fig Kitchen', legal_name: '', fed_tx_id: '' });
    // Values outside the application's lists start empty rather than failing silently.
    expect(values.business.ownership_type).toBe('');
    expect(values.settlement).toEqual({ account_number: '', routing_number: '', account_type: '' });
    expect(values.owners).toHaveLength(1);
    expect(values.owners[0]).toMatchObject({
      first_name: 'June',
      ownership_percent: '60',
      ssn: '',
      date_of_birth: '',
    });
    expect(values.transaction_mix).toEqual({
      card_swiped: '70',
      keyed_card_present_not_imprinted: '',
      mail_or_phone_order: '0',
      internet: '',
    });
    expect(values.agreed).toBe(false);
  });

  it('starts with one empty owner when there is none', () => {
    expect(ctaFormDefaults({ ...view, owners: [] }).owners).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('shows percentages as typed', () => {
    expect(percentForInput('60.00')).toBe('60');
    expect(percentForInput('12.50')).toBe('12.5');
    expect(percentForInput('100')).toBe('100');
    expect(percentForInput(null)).toBe('');
  });

  it('hints at numbers on file', () => {
    expect(onFileHint('6789')).toBe('On file: ending 6789. Enter it again to confirm.');
    expect(onFileHint(null)).toBeUndefined();
  });

  it('totals the mix while typing', () => {
    expect(
      mixTotalText({
        card_swiped: '70',
        keyed_card_present_not_imprinted: '',
        mail_or_phone_order: '5',
        internet: '',
      }),
    ).toBe('Total: 75%');
    expect(
      mixTotalText({
        card_swiped: '70',
        keyed_card_present_not_imprinted: '5',
        mail_or_phone_order: '5',
        internet: '20',
      }),
    ).toBe('Total: 100%');
  });

  it('checks the parent named by the link', () => {
    expect(isParentOfLink(undefined, view)).toBe(true);
    expect(isParentOfLink(view.parent_id?.toUpperCase(), view)).toBe(true);
    expect(isParentOfLink('00000000-0000-4000-8000-000000000001', view)).toBe(false);
  });
});
