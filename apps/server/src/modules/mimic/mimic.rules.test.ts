import { describe, expect, it } from 'vitest';
import { clientBeyondCaller, mayMimicUser, mimicLinkFailure } from './mimic.rules';

const admin = { userId: 'admin-1', role: 'admin' as const };
const parent = { userId: 'parent-1', role: 'parent' as const };
const merchantUser = (membershipClientIds: string[]) => ({
  id: 'user-1',
  userType: 'user' as const,
  membershipClientIds,
});

describe('mayMimicUser', () => {
  it('lets staff mimic anyone but staff and themselves', () => {
    const none = new Set<string>();
    expect(mayMimicUser({ caller: admin, target: merchantUser([]), administeredClientIds: none })).toBe(true);
    for (const userType of ['admin', 'healnow'] as const) {
      const target = { id: 'staff-2', userType, membershipClientIds: [] };
      expect(mayMimicUser({ caller: admin, target, administeredClientIds: none })).toBe(false);
    }
    const self = { id: 'admin-1', userType: 'user' as const, membershipClientIds: [] };
    expect(mayMimicUser({ caller: admin, target: self, administeredClientIds: none })).toBe(false);
  });

  it('lets a parent or alpha user mimic only users whose every membership it administers', () => {
    const administered = new Set(['m1', 'm2']);
    for (const caller of [parent, { userId: 'alpha-1', role: 'alpha' as const }]) {
      expect(
        mayMimicUser({ caller, target: merchantUser(['m1', 'm2']), administeredClientIds: administered }),
      ).toBe(true);
      expect(
        mayMimicUser({ caller, target: merchantUser(['m1', 'm3']), administeredClientIds: administered }),
      ).toBe(false);
      expect(mayMimicUser({ caller, target: merchantUser([]), administeredClientIds: administered })).toBe(
        false,
      );
    }
  });

  it('refuses merchant users and white-label staff as mimickers', () => {
    const administered = new Set(['m1']);
    for (const role of ['user', 'healnow'] as const) {
      const caller = { userId: 'c', role };
      expect(
        mayMimicUser({ caller, target: merchantUser(['m1']), administeredClientIds: administered }),
      ).toBe(false);
    }
  });
});

describe('mimicLinkFailure', () => {
  it('names a used, an expired and an unknown link', () => {
    expect(mimicLinkFailure({ consumedAt: new Date(), isExpired: true })).toBe('used');
    expect(mimicLinkFailure({ consumedAt: null, isExpired: true })).toBe('expired');
    expect(mimicLinkFailure(undefined)).toBe('unknown');
  });
});

describe('clientBeyondCaller', () => {
  it('names the first client where the target holds or reaches more than the caller', () => {
    const caller = new Map([
      ['m1', ['Reports', 'Users'] as const],
      ['m2', null],
    ]);
    expect(clientBeyondCaller(new Map([['m1', ['Reports'] as const]]), caller)).toBeNull();
    expect(clientBeyondCaller(new Map([['m1', ['Reports', 'Refund'] as const]]), caller)).toBe('m1');
    expect(clientBeyondCaller(new Map([['m2', [] as const]]), caller)).toBe('m2');
    expect(clientBeyondCaller(new Map([['m3', null]]), caller)).toBeNull();
  });
});
