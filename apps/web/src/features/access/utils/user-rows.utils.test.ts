import { describe, expect, it } from 'vitest';
import { canChooseMerchant, locationsLabel, membershipsLabel, userStatusLabel } from './user-rows.utils';

const merchant = { id: '00000000-0000-4000-8000-000000000001', name: 'Harbor Lane' };

describe('users grid words', () => {
  it('names the account state, lock first', () => {
    expect(userStatusLabel({ disabled: false, is_locked_out: false })).toBe('Active');
    expect(userStatusLabel({ disabled: true, is_locked_out: false })).toBe('Disabled');
    expect(userStatusLabel({ disabled: true, is_locked_out: true })).toBe('Locked');
  });

  it('lists memberships with their roles and says when there is none', () => {
    expect(
      membershipsLabel({
        memberships: [
          { merchant, role: { id: '00000000-0000-4000-8000-000000000002', name: 'Cashier' } },
          { merchant: { ...merchant, name: 'Magnolia Grill' }, role: null },
        ],
      }),
    ).toBe('Harbor Lane: Cashier; Magnolia Grill: No role');
  });

  it('says All locations for a user tied to none', () => {
    expect(locationsLabel({ locations: [] })).toBe('All locations');
    expect(
      locationsLabel({ locations: [{ id: merchant.id, name: 'Pearl District', merchant_id: merchant.id }] }),
    ).toBe('Pearl District');
  });

  it('lets staff and parents choose the merchant, not merchant users', () => {
    expect(canChooseMerchant('admin')).toBe(true);
    expect(canChooseMerchant('parent')).toBe(true);
    expect(canChooseMerchant('user')).toBe(false);
    expect(canChooseMerchant('alpha')).toBe(false);
  });
});
