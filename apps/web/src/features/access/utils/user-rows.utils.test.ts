import { describe, expect, it } from 'vitest';
import {
  canChooseMerchant,
  locationsLabel,
  membershipsLabel,
  noUsersText,
  userStatusLabel,
} from './user-rows.utils';

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

  it('says whose list is empty and what to do next', () => {
    expect(noUsersText('Portico Payments', true)).toBe(
      'Portico Payments has no users to manage. Staff accounts are not listed here. Choose another merchant above, or add a user.',
    );
    expect(noUsersText('Corner Coffee', false)).toBe(
      'Corner Coffee has no users to manage. Staff accounts are not listed here. Add a user to give them access.',
    );
    expect(noUsersText(null, true)).toMatch(/^There are no users to manage\. /);
  });
});
