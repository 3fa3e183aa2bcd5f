import type { CtaApplicationValues, CtaOwner } from './click-to-agree';

// Test data factories (immich style): a click-to-agree application the schema accepts, changed only
// where a test says. Every sensitive number differs from the others, so a test can look for each.

export function buildCtaOwner(overrides: Partial<CtaOwner> = {}): CtaOwner {
  return {
    first_name: 'June',
    last_name: 'Park',
    title: 'Managing Member',
    ownership_percent: '60',
    ssn: '521-44-7788',
    date_of_birth: '1985-04-12',
    phone_number: '(303) 555-0142',
    address_line_one: '12 Pearl St',
    address_line_two: '',
    city: 'Boulder',
    state_province: 'CO',
    postal_code: '80302',
    ...overrides,
  };
}

// Fern & Fig Kitchen with two owners (60% and 40%), agreed to.
export function buildCtaApplication(overrides: Partial<CtaApplicationValues> = {}): CtaApplicationValues {
  return {
    business: {
      dba_name: 'Fern & Fig Kitchen',
      legal_name: 'Fern and Fig Kitchen LLC',
      ownership_type: 'LLC Private',
      fed_tx_id: '84-1234567',
      business_description: 'Farm-to-table restaurant',
      start_date: '2019-05-01',
      website: 'fernfig.example',
    },
    address: {
      business_address_one: '1200 Pearl St',
      business_address_two: 'Suite 4',
      business_city: 'Boulder',
      business_state_province: 'CO',
      business_postal_code: '80302',
    },
    contact: {
      first_name: 'June',
      last_name: 'Park',
      email: 'June@FernFig.example',
      business_phone_number: '303-555-0100',
    },
    owners: [
      buildCtaOwner(),
      buildCtaOwner({ first_name: 'Ali', last_name: 'Reyes', ownership_percent: '40', ssn: '611223344' }),
    ],
    settlement: { account_number: '000987654321', routing_number: '021000021', account_type: 'checking' },
    transaction_mix: {
      card_swiped: '70',
      keyed_card_present_not_imprinted: '5',
      mail_or_phone_order: '5',
      internet: '20',
    },
    agreed: true,
    ...overrides,
  };
}
