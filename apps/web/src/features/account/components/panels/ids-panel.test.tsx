import type { AccountDetail } from '@portico/contracts/clients/account-detail';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../../test/fetch-stub';
import { renderFeature } from '../../../../test/render-feature';
import { IdsPanel } from './ids-panel';

const clientId = '7c1f0c0e-3f0a-4b8e-9a3e-0c8b9d2a1f00';
const enrollmentId = '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

function account(isStaff: boolean): AccountDetail {
  return {
    id: clientId,
    name: 'Maple Street Hardware',
    level: 'Merchant',
    parent: null,
    enrollment_id: enrollmentId,
    updated_at: '2026-11-01T10:00:00.000Z',
    mid: '4455',
    public_key: 'pub_maple',
    api_key: isStaff ? 'sk_maple' : null,
    has_logo: false,
    logo: null,
    country: 'US',
    keystore: null,
    wallet: null,
    mccConfigs: null,
    whitelabel: null,
    location_custom_fields: null,
    fields: {},
    view: {
      sections: [],
      editable_sections: [],
      can_edit: false,
      can_reveal: false,
      is_staff: isStaff,
      can_change_parent: false,
      can_change_level: false,
      shows_full_data: isStaff,
      shows_review_links: false,
      shows_enablement_options: false,
      shows_payment_page: false,
      shows_users_contacts: false,
      keystore_fields: [],
    },
  };
}

describe('IdsPanel', () => {
  it('shows staff the API key and the KYC outcome of the enrollment (GET /api/report/kyc)', async () => {
    const fetchMock = stubFetch({
      '/api/timezone': ok([['UTC', 'UTC']]),
      '/api/report/kyc': ok({
        enrollment_id: enrollmentId,
        kyc_status: 'passed',
        kyc_checked_at: null,
        entries: [],
      }),
    });
    renderFeature(<IdsPanel account={account(true)} />);
    expect(await screen.findByTestId('account-kyc')).toHaveTextContent('KYC: passed');
    expect(screen.getByText('sk_maple')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`GET /api/report/kyc?client_id=${clientId}`);
  });

  it('asks nothing about KYC and shows no API key to others', () => {
    const fetchMock = stubFetch({ '/api/timezone': ok([['UTC', 'UTC']]) });
    renderFeature(<IdsPanel account={account(false)} />);
    expect(screen.getByText('pub_maple')).toBeInTheDocument();
    expect(screen.queryByText('API Key')).toBeNull();
    expect(requestedPaths(fetchMock).some((path) => path.includes('/api/report/kyc'))).toBe(false);
  });
});
