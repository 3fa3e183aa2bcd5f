import { describe, expect, it } from 'vitest';
import type { Account } from './auth.repository';
import { accountAllowedToSignIn, opensPortal } from './sign-in.rules';

const account: Account = {
  id: '6f1c2a52-4f3e-4c1b-9a7e-3d2f1b0c9e8d',
  email: 'owner@copperkettle.example',
  name: 'Pat Kowalski',
  userType: 'user',
  defaultClientId: '00000000-0000-4000-8000-000000000001',
  isDisabled: false,
  isLockedOut: false,
};

describe('accountAllowedToSignIn', () => {
  it('lets an enabled user in', () => {
    expect(accountAllowedToSignIn(account)?.userType).toBe('user');
  });

  it.each([
    ['an unknown address', undefined],
    ['a disabled account', { ...account, isDisabled: true }],
    ['a locked-out account', { ...account, isLockedOut: true }],
    ['a contact', { ...account, userType: 'contact' as const }],
  ])('keeps out %s', (_label, candidate) => {
    expect(accountAllowedToSignIn(candidate)).toBeUndefined();
  });
});

describe('opensPortal', () => {
  it('opens for a user with a default client', () => {
    expect(opensPortal({ ...account, userType: 'user' })).toBe(true);
  });

  it('opens for an admin without one', () => {
    expect(opensPortal({ ...account, userType: 'admin', defaultClientId: null })).toBe(true);
  });

  it('stays shut for anyone else without a client', () => {
    expect(opensPortal({ ...account, userType: 'parent', defaultClientId: null })).toBe(false);
  });
});
