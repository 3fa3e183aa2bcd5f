import {
  type PermissionName,
  permissionNameSchema,
  permissionNames,
} from '@portico/contracts/access/permission-names';
import { hasPermission } from '@portico/contracts/access/permissions';
import type { PermissionHolder } from '@portico/contracts/access/session-user';
import type { UserType } from '@portico/contracts/auth/roles';
import type { Executor } from '../db/client';
import {
  findMerchantAccessFacts,
  findPermissionHolderFacts,
  isClientAtOrBelow,
  type MerchantAccessFacts,
  type PermissionHolderFacts,
} from './merchant-scope.repository';

// Staff may reach every merchant; only admin also skips per-merchant permissions.
export function canReachEveryMerchant(role: UserType): boolean {
  return role === 'admin' || role === 'healnow';
}

export function bypassesMerchantPermissions(role: UserType): boolean {
  return role === 'admin';
}

function knownPermissionNames(names: readonly string[]): PermissionName[] {
  return names.flatMap((name) => {
    const parsed = permissionNameSchema.safeParse(name);
    return parsed.success ? [parsed.data] : [];
  });
}

export type MerchantAccess =
  | {
      isAllowed: true;
      merchantExists: boolean;
      effectivePermissions: readonly PermissionName[];
      // The caller's sub-locations at this merchant; empty: every location.
      locationIds: readonly string[];
    }
  | { isAllowed: false; reason: 'merchant' | 'permission' };

// May the caller act on one merchant, holding `permission` there? Reach: a membership on the
// merchant or on a parent above it (staff: any). Permissions: admin has all; RBAC off on the merchant
// means every check passes; RBAC on means the governing membership's role must grant it (no role,
// or staff without a membership: nothing).
export function decideMerchantAccessFromFacts(
  caller: { role: UserType },
  facts: MerchantAccessFacts,
  permission: PermissionName | undefined,
): MerchantAccess {
  const isStaff = canReachEveryMerchant(caller.role);
  if (!facts.merchantExists && !isStaff) return { isAllowed: false, reason: 'merchant' };
  if (!isStaff && facts.membershipClientId === null) return { isAllowed: false, reason: 'merchant' };

  const effectivePermissions =
    bypassesMerchantPermissions(caller.role) || !facts.rbacEnabled
      ? permissionNames
      : knownPermissionNames(facts.grantedPermissions);
  if (permission && !effectivePermissions.includes(permission))
    return { isAllowed: false, reason: 'permission' };
  return {
    isAllowed: true,
    merchantExists: facts.merchantExists,
    effectivePermissions,
    locationIds: facts.locationIds,
  };
}

export async function decideMerchantAccess(
  executor: Executor,
  caller: { userId: string; role: UserType },
  merchantId: string,
  permission: PermissionName | undefined,
): Promise<MerchantAccess> {
  const facts = await findMerchantAccessFacts(executor, caller.userId, merchantId);
  return decideMerchantAccessFromFacts(caller, facts, permission);
}

// hasPermission for a call that names no merchant: the default merchant's RBAC flag, and
// the union of what every membership grants. The rule itself is the shared one from contracts.
export function hasPermissionAnywhereFromFacts(
  caller: { role: UserType },
  facts: PermissionHolderFacts,
  permission: PermissionName,
): boolean {
  if (bypassesMerchantPermissions(caller.role)) return true;
  const grantsByClient = new Map<string, PermissionName[]>();
  for (const grant of facts.grants) {
    const list = grantsByClient.get(grant.clientId) ?? [];
    if (grant.permission) list.push(...knownPermissionNames([grant.permission]));
    grantsByClient.set(grant.clientId, list);
  }
  const holder: PermissionHolder = {
    account: {
      default_client: facts.defaultClientId
        ? {
            merchant: {
              configuration: { customizations: { rbac_enabled: facts.isDefaultClientRbacEnabled } },
            },
          }
        : null,
      memberships: [...grantsByClient].map(([clientId, names]) => ({
        merchant: { id: clientId },
        role: { granted_permissions: names.map((name) => ({ name })) },
      })),
    },
  };
  return hasPermission(holder, permission);
}

export async function hasPermissionAnywhere(
  executor: Executor,
  caller: { userId: string; role: UserType },
  permission: PermissionName,
): Promise<boolean> {
  if (bypassesMerchantPermissions(caller.role)) return true;
  const facts = await findPermissionHolderFacts(executor, caller.userId);
  return hasPermissionAnywhereFromFacts(caller, facts, permission);
}

// Viewing as a client, the caller acts as a user of that client. Only staff (any client) and
// parents (clients of their hierarchy) may view as a client; the caller must reach that client in
// their own right; while viewing, a call may touch only the viewed client and the clients
// below it (a parent's merchants), with the caller's own rights there.
export function mayViewAsAClient(role: UserType): boolean {
  return canReachEveryMerchant(role) || role === 'parent';
}

// facts: the caller's facts on the viewed client.
export function canViewAsFromFacts(caller: { role: UserType }, facts: MerchantAccessFacts): boolean {
  if (!mayViewAsAClient(caller.role)) return false;
  const access = decideMerchantAccessFromFacts(caller, facts, undefined);
  return access.isAllowed && access.merchantExists;
}

export async function canViewAs(
  executor: Executor,
  caller: { userId: string; role: UserType },
  viewedClientId: string,
): Promise<boolean> {
  if (!mayViewAsAClient(caller.role)) return false;
  return canViewAsFromFacts(caller, await findMerchantAccessFacts(executor, caller.userId, viewedClientId));
}

export async function isWithinViewedClient(
  executor: Executor,
  viewedClientId: string,
  merchantId: string,
): Promise<boolean> {
  return isClientAtOrBelow(executor, viewedClientId, merchantId);
}
