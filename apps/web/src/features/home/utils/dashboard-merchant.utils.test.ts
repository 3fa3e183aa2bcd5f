import { buildSessionUser, sampleIds } from '@portico/contracts/access/session-user.factory';
import { describe, expect, it } from 'vitest';
import {
  allMerchantsOption,
  dashboardMerchantIdOfOption,
  dashboardMerchantOptions,
  defaultDashboardMerchantId,
  optionOfDashboardMerchantId,
} from './dashboard-merchant.utils';

describe('the admin merchant dropdown', () => {
  it('offers All Merchants, then every client by name', () => {
    const options = dashboardMerchantOptions([
      { id: sampleIds.merchantB, name: 'Birch Books', dba_name: null, level: 'Merchant', parent_id: null },
      { id: sampleIds.merchantA, name: 'Alder Bakery', dba_name: null, level: 'Merchant', parent_id: null },
    ]);
    expect(options.map((option) => option.label)).toEqual(['All Merchants', 'Alder Bakery', 'Birch Books']);
  });

  it("defaults to the user's default client, else to all merchants", () => {
    expect(defaultDashboardMerchantId(buildSessionUser({ user_type: 'admin' }))).toBe(
      sampleIds.defaultClient,
    );
    expect(
      defaultDashboardMerchantId(buildSessionUser({ user_type: 'admin', hasDefaultClient: false })),
    ).toBeNull();
  });

  it('sends no id for All Merchants', () => {
    expect(dashboardMerchantIdOfOption(allMerchantsOption.value)).toBeNull();
    expect(dashboardMerchantIdOfOption(null)).toBeNull();
    expect(dashboardMerchantIdOfOption(sampleIds.merchantA)).toBe(sampleIds.merchantA);
    expect(optionOfDashboardMerchantId(null)).toBe(allMerchantsOption.value);
  });
});
