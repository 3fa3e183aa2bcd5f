import { describe, expect, it } from 'vitest';
import { Permission, type PermissionName } from './permission-names';
import {
  actingRole,
  canOpenEnrollPage,
  grantedPermissionUnion,
  hasPermission,
  hasPermissionOnMerchant,
  isParentEntity,
  isRbacEnabledOnDefaultMerchant,
  merchantDropdownIds,
  merchantDropdownOptions,
} from './permissions';
import { buildMembership, buildSessionUser, sampleIds } from './session-user.factory';

const { merchantA, merchantB, foreignMerchant } = sampleIds;

// Merchant A grants Void Card and Reports; merchant B grants Vault; a third membership has no role.
const twoGrantingMemberships = [
  buildMembership(merchantA, [Permission.VoidCard, Permission.Reports]),
  buildMembership(merchantB, [Permission.Vault], { roleId: sampleIds.roleB }),
];

describe('isRbacEnabledOnDefaultMerchant', () => {
  it.each([
    ['on', buildSessionUser({ rbac_enabled: true }), true],
    ['off', buildSessionUser({ rbac_enabled: false }), false],
    ['no default client', buildSessionUser({ hasDefaultClient: false, rbac_enabled: true }), false],
  ])('%s -> %s', (_case, user, isEnabled) => {
    expect(isRbacEnabledOnDefaultMerchant(user)).toBe(isEnabled);
  });
});

describe('grantedPermissionUnion', () => {
  it('unites the grants of every membership', () => {
    const user = buildSessionUser({
      memberships: [...twoGrantingMemberships, buildMembership(foreignMerchant, null)],
    });
    expect([...grantedPermissionUnion(user)].sort()).toEqual(['Reports', 'Vault', 'Void Card']);
  });

  it('is empty without memberships', () => {
    expect(grantedPermissionUnion(buildSessionUser()).size).toBe(0);
  });
});

describe('hasPermission', () => {
  it.each<[string, Parameters<typeof buildSessionUser>[0], PermissionName, boolean]>([
    ['RBAC off, nothing granted', { rbac_enabled: false }, Permission.TerminalAdmin, true],
    ['RBAC off, no default client', { hasDefaultClient: false }, Permission.Permissions, true],
    ['RBAC on, granted on the first membership', { rbac_enabled: true }, Permission.VoidCard, true],
    ['RBAC on, granted on the second membership', { rbac_enabled: true }, Permission.Vault, true],
    ['RBAC on, granted nowhere', { rbac_enabled: true }, Permission.TerminalAdmin, false],
    ['RBAC on, a similar name is not the name', { rbac_enabled: true }, Permission.VoidAch, false],
  ])('%s -> %s', (_case, options, permission, expected) => {
    const user = buildSessionUser({ memberships: twoGrantingMemberships, ...options });
    expect(hasPermission(user, permission)).toBe(expected);
  });

  it('RBAC on with only a role-less membership grants nothing', () => {
    const user = buildSessionUser({ rbac_enabled: true, memberships: [buildMembership(merchantA, null)] });
    expect(hasPermission(user, Permission.Reports)).toBe(false);
  });
});

describe('hasPermissionOnMerchant', () => {
  it.each<[string, boolean, string, PermissionName, boolean]>([
    ['RBAC on: granted by that merchant’s role', true, merchantA, Permission.VoidCard, true],
    ['RBAC on: granted only on another merchant', true, merchantB, Permission.VoidCard, false],
    ['RBAC on: that merchant’s own grant', true, merchantB, Permission.Vault, true],
    ['RBAC on: foreign merchant', true, foreignMerchant, Permission.VoidCard, false],
    ['RBAC off: member merchant', false, merchantB, Permission.VoidCard, true],
    ['RBAC off: foreign merchant', false, foreignMerchant, Permission.VoidCard, false],
  ])('%s -> %s', (_case, isRbacEnabled, merchantId, permission, expected) => {
    const user = buildSessionUser({ rbac_enabled: isRbacEnabled, memberships: twoGrantingMemberships });
    expect(hasPermissionOnMerchant(user, merchantId, permission)).toBe(expected);
  });

  it.each([
    [true, false],
    [false, true],
  ])('a membership whose role was deleted, RBAC %s -> %s', (isRbacEnabled, expected) => {
    const user = buildSessionUser({
      rbac_enabled: isRbacEnabled,
      memberships: [buildMembership(merchantA, null)],
    });
    expect(hasPermissionOnMerchant(user, merchantA, Permission.Reports)).toBe(expected);
  });

  it('an admin without a membership on the merchant has nothing there', () => {
    const admin = buildSessionUser({ user_type: 'admin', email: 'admin@portico.example' });
    expect(hasPermissionOnMerchant(admin, foreignMerchant, Permission.Reports)).toBe(false);
  });
});

describe('isParentEntity', () => {
  it.each([
    ['Parent', true],
    ['Merchant', false],
  ] as const)('level %s -> %s', (level, expected) => {
    expect(isParentEntity({ level })).toBe(expected);
  });
});

describe('merchant dropdown', () => {
  const user = buildSessionUser({
    hierarchy_list: [
      { id: sampleIds.childOne, name: 'Child One', level: 'Merchant', parent_id: sampleIds.defaultClient },
      { id: merchantB, name: 'Dock Bakery', level: 'Merchant', parent_id: sampleIds.defaultClient },
    ],
    memberships: [
      buildMembership(merchantA, [Permission.Reports], { merchantName: 'Corner Coffee' }),
      buildMembership(merchantB, null, { merchantName: 'Dock Bakery' }),
    ],
  });

  it('lists children first, then member merchants, each once', () => {
    expect(merchantDropdownIds(user)).toEqual([sampleIds.childOne, merchantB, merchantA]);
    expect(merchantDropdownOptions(user).map((option) => option.name)).toEqual([
      'Child One',
      'Dock Bakery',
      'Corner Coffee',
    ]);
  });

  it('is empty for a user with neither', () => {
    expect(merchantDropdownIds(buildSessionUser())).toEqual([]);
  });
});

describe('canOpenEnrollPage', () => {
  const primaryClientId = sampleIds.defaultClient;

  it.each<[string, Parameters<typeof buildSessionUser>[0], string | null, boolean]>([
    ['RBAC off', { rbac_enabled: false, defaultClientId: merchantA }, primaryClientId, true],
    [
      'RBAC on, Permissions granted',
      {
        rbac_enabled: true,
        defaultClientId: merchantA,
        memberships: [buildMembership(merchantA, ['Permissions'])],
      },
      primaryClientId,
      true,
    ],
    [
      'RBAC on, other permissions only',
      {
        rbac_enabled: true,
        defaultClientId: merchantA,
        memberships: [buildMembership(merchantA, ['Reports'])],
      },
      primaryClientId,
      false,
    ],
    ['RBAC on, default client is the primary client', { rbac_enabled: true }, primaryClientId, true],
    ['RBAC on, no primary client configured', { rbac_enabled: true }, null, false],
  ])('%s -> %s', (_case, options, primary, expected) => {
    expect(canOpenEnrollPage(buildSessionUser(options), primary)).toBe(expected);
  });
});

describe('actingRole', () => {
  it.each([
    ['admin', false, 'admin'],
    ['admin', true, 'user'],
    ['parent', true, 'user'],
    ['alpha', false, 'alpha'],
  ] as const)('%s viewing as: %s -> %s', (userType, isViewingAs, expected) => {
    expect(actingRole({ user_type: userType }, isViewingAs)).toBe(expected);
  });
});
