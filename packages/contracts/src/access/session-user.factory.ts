import type { UserType } from '../auth/roles';
import type { PermissionName } from './permission-names';
import type { HierarchyMerchant, Membership, MerchantLevel, SessionUser } from './session-user';

// Test data factories (immich style): a valid GET /api/user answer, changed only where a test says.

export const sampleIds = {
  user: '0b5c2f4e-8d1a-4c3b-9e7f-1a2b3c4d5e6f',
  defaultClient: '11111111-1111-4111-8111-111111111111',
  merchantA: '22222222-2222-4222-8222-222222222222',
  merchantB: '33333333-3333-4333-8333-333333333333',
  foreignMerchant: '44444444-4444-4444-8444-444444444444',
  childOne: '55555555-5555-4555-8555-555555555555',
  childTwo: '66666666-6666-4666-8666-666666666666',
  roleA: '77777777-7777-4777-8777-777777777777',
  roleB: '88888888-8888-4888-8888-888888888888',
  parent: '99999999-9999-4999-8999-999999999999',
} as const;

export function buildMembership(
  merchantId: string,
  grantedPermissionNames: readonly PermissionName[] | null,
  options: { merchantName?: string; roleId?: string } = {},
): Membership {
  return {
    merchant: { id: merchantId, name: options.merchantName ?? `Merchant ${merchantId.slice(0, 4)}` },
    role:
      grantedPermissionNames === null
        ? null
        : {
            id: options.roleId ?? sampleIds.roleA,
            granted_permissions: grantedPermissionNames.map((name) => ({ name })),
          },
  };
}

export type SessionUserFactoryOptions = {
  email?: string;
  user_type?: UserType;
  processor_audit_user?: boolean;
  is_demo_user?: boolean;
  is_parent_member?: boolean;
  hasDefaultClient?: boolean;
  defaultClientId?: string;
  is_in_certification?: boolean;
  is_frozen?: boolean;
  merchantLevel?: MerchantLevel;
  rbac_enabled?: boolean;
  skipped_menu_titles?: string[];
  memberships?: Membership[];
  hierarchy_list?: HierarchyMerchant[];
};

export function buildSessionUser(options: SessionUserFactoryOptions = {}): SessionUser {
  const defaultClient = {
    id: options.defaultClientId ?? sampleIds.defaultClient,
    is_in_certification: options.is_in_certification ?? false,
    merchant: {
      name: 'Corner Coffee',
      level: options.merchantLevel ?? 'Merchant',
      is_enrolled_as_crypto_only: false,
      is_frozen: options.is_frozen ?? false,
      configuration: {
        customizations: {
          rbac_enabled: options.rbac_enabled ?? false,
          skipped_menu_titles: options.skipped_menu_titles ?? [],
        },
        has_patient_information_in_vault: false,
        has_orphaned_payment_methods: false,
      },
    },
  };
  return {
    id: sampleIds.user,
    name: 'Dana Reyes',
    email: options.email ?? 'dana@cornercoffee.example',
    user_type: options.user_type ?? 'user',
    parent_id: sampleIds.parent,
    parent_name: 'Harbor Payments',
    parent_logo: null,
    branding: null,
    tour: { kind: null, starts_by_itself: false },
    color_scheme: 'auto',
    processor_audit_user: options.processor_audit_user ?? false,
    is_demo_user: options.is_demo_user ?? false,
    is_parent_member: options.is_parent_member ?? false,
    user_customizations: { grid_config: {} },
    account: {
      default_client: options.hasDefaultClient === false ? null : defaultClient,
      memberships: options.memberships ?? [],
      hierarchy_list: options.hierarchy_list ?? [],
    },
  };
}
