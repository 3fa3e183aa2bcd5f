import { describe, expect, it } from 'vitest';
import { createUserBody, joinUserName, splitUserName, updateUserBody } from './user-admin';

const merchant = '22222222-2222-4222-8222-222222222222';

describe('user names', () => {
  it('joins first and last name and splits at the first space', () => {
    expect(joinUserName(' Robin ', ' Q. Vale ')).toBe('Robin Q. Vale');
    expect(splitUserName('Robin Q. Vale')).toEqual({ firstName: 'Robin', lastName: 'Q. Vale' });
    expect(splitUserName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe('user bodies', () => {
  it('lowercases the e-mail and defaults the type, locations and disabled flag', () => {
    const parsed = createUserBody.parse({
      name: 'Robin Vale',
      email: 'Robin@Example.COM',
      merchant_id: merchant,
      role: null,
    });
    expect(parsed).toEqual({
      name: 'Robin Vale',
      email: 'robin@example.com',
      user_type: 'user',
      locations: [],
      merchant_id: merchant,
      role: null,
      disabled: false,
    });
  });

  it('is strict and refuses staff types', () => {
    const base = { name: 'Robin Vale', email: 'r@example.com', merchant_id: merchant, role: null };
    expect(createUserBody.safeParse({ ...base, is_admin: true }).success).toBe(false);
    expect(createUserBody.safeParse({ ...base, user_type: 'admin' }).success).toBe(false);
  });

  it('needs at least one membership on edit', () => {
    const edit = {
      id: merchant,
      name: 'Robin Vale',
      email: 'r@example.com',
      memberships: [],
      default_client_id: merchant,
      locations: [],
    };
    expect(updateUserBody.safeParse(edit).success).toBe(false);
    expect(
      updateUserBody.safeParse({ ...edit, memberships: [{ merchant_id: merchant, role: null }] }).success,
    ).toBe(true);
  });
});
