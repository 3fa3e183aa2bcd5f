import { describe, expect, expectTypeOf, it } from 'vitest';
import { type MenuUser, type PermissionHolder, type SessionUser, sessionUserSchema } from './session-user';
import { buildMembership, buildSessionUser, sampleIds } from './session-user.factory';

function wireUser(): Record<string, unknown> {
  return {
    id: sampleIds.user,
    name: 'Dana Reyes',
    email: 'dana@cornercoffee.example',
    user_type: 'parent',
    parent_id: null,
    parent_name: null,
    parent_logo: null,
    processor_audit_user: false,
    is_demo_user: false,
    is_parent_member: true,
    user_customizations: { grid_config: { 'reporting___Month end': { version: 'v2', columns: [] } } },
    branding: null,
    tour: { kind: null, starts_by_itself: false },
    color_scheme: 'auto',
    account: {
      default_client: {
        id: sampleIds.defaultClient,
        is_in_certification: true,
        merchant: {
          name: 'Harbor Payments',
          level: 'Parent',
          is_enrolled_as_crypto_only: false,
          is_frozen: false,
          configuration: {
            customizations: { rbac_enabled: true, skipped_menu_titles: ['Vault'] },
            has_patient_information_in_vault: true,
            has_orphaned_payment_methods: false,
          },
        },
      },
      memberships: [
        {
          merchant: { id: sampleIds.merchantA, name: 'Corner Coffee' },
          role: { id: sampleIds.roleA, granted_permissions: [{ name: 'Reports' }, { name: 'Void Card' }] },
        },
        { merchant: { id: sampleIds.merchantB, name: 'Dock Bakery' }, role: null },
      ],
      hierarchy_list: [{ id: sampleIds.childOne, name: 'Corner Coffee', level: 'Merchant', parent_id: null }],
    },
  };
}

describe('sessionUserSchema', () => {
  it('reads the GET /api/user answer', () => {
    const user = sessionUserSchema.parse(wireUser());
    expect(user.account.default_client?.merchant.configuration.customizations).toEqual({
      rbac_enabled: true,
      skipped_menu_titles: ['Vault'],
    });
    expect(user.account.memberships[0]?.role?.granted_permissions.map((p) => p.name)).toEqual([
      'Reports',
      'Void Card',
    ]);
    expect(user.user_customizations.grid_config).toHaveProperty('reporting___Month end');
  });

  it('accepts what the factory builds', () => {
    const built = buildSessionUser({ memberships: [buildMembership(sampleIds.merchantA, ['Vault'])] });
    expect(sessionUserSchema.parse(built)).toEqual(built);
  });

  it('accepts a user without a default client', () => {
    expect(sessionUserSchema.safeParse(buildSessionUser({ hasDefaultClient: false })).success).toBe(true);
  });

  it('drops keys it does not know, so no stored column reaches the browser by accident', () => {
    const input = wireUser();
    const parsed = sessionUserSchema.parse({ ...input, session_token_hash: 'x', is_locked_out: false });
    expect(parsed).not.toHaveProperty('session_token_hash');
    expect(parsed).not.toHaveProperty('is_locked_out');
  });

  it.each([
    ['an unknown permission name', (u: SessionUserWire) => setFirstGrant(u, 'Refund Everything')],
    ['an unknown user type', (u: SessionUserWire) => Object.assign(u, { user_type: 'contact' })],
    ['a level other than Parent or Merchant', (u: SessionUserWire) => setLevel(u, 'Reseller')],
    ['a missing is_parent_member', (u: SessionUserWire) => Object.assign(u, { is_parent_member: undefined })],
    ['an e-mail without @', (u: SessionUserWire) => Object.assign(u, { email: 'dana' })],
  ])('refuses %s', (_case, mutate) => {
    const input = wireUser();
    mutate(input);
    expect(sessionUserSchema.safeParse(input).success).toBe(false);
  });

  it('is what the access rules take', () => {
    expectTypeOf<SessionUser>().toExtend<MenuUser>();
    expectTypeOf<SessionUser>().toExtend<PermissionHolder>();
  });
});

type SessionUserWire = Record<string, unknown>;

function setFirstGrant(user: SessionUserWire, name: string): void {
  const parsed = sessionUserSchema.parse(user);
  const membership = parsed.account.memberships[0];
  user.account = {
    ...parsed.account,
    memberships: [{ ...membership, role: { id: sampleIds.roleA, granted_permissions: [{ name }] } }],
  };
}

function setLevel(user: SessionUserWire, level: string): void {
  const parsed = sessionUserSchema.parse(user);
  const defaultClient = parsed.account.default_client;
  if (!defaultClient) throw new Error('the wire sample has a default client');
  user.account = {
    ...parsed.account,
    default_client: { ...defaultClient, merchant: { ...defaultClient.merchant, level } },
  };
}
