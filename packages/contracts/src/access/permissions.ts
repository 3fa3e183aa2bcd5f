import type { UserType } from '../auth/roles';
import { Permission, type PermissionName } from './permission-names';
import type { MerchantLevel, PermissionHolder } from './session-user';

// Role-based access control is a setting of the user's default merchant; when it is off,
// roles alone decide and every permission check passes.
export function isRbacEnabledOnDefaultMerchant(user: PermissionHolder): boolean {
  return user.account.default_client?.merchant.configuration.customizations.rbac_enabled === true;
}

// What the user may do anywhere: the permissions granted by the roles of all memberships.
export function grantedPermissionUnion(user: PermissionHolder): ReadonlySet<PermissionName> {
  const granted = new Set<PermissionName>();
  for (const membership of user.account.memberships) {
    for (const permission of membership.role?.granted_permissions ?? []) granted.add(permission.name);
  }
  return granted;
}

export function hasPermission(user: PermissionHolder, permission: PermissionName): boolean {
  if (!isRbacEnabledOnDefaultMerchant(user)) return true;
  return grantedPermissionUnion(user).has(permission);
}

// Acting on one merchant needs a membership there, whatever the RBAC setting: a permission granted
// on merchant A never reaches merchant B. Staff-wide access is a route rule, not a membership.
export function hasPermissionOnMerchant(
  user: PermissionHolder,
  merchantId: string,
  permission: PermissionName,
): boolean {
  const memberships = user.account.memberships.filter((membership) => membership.merchant.id === merchantId);
  if (memberships.length === 0) return false;
  if (!isRbacEnabledOnDefaultMerchant(user)) return true;
  return memberships.some((membership) =>
    (membership.role?.granted_permissions ?? []).some((granted) => granted.name === permission),
  );
}

export function isParentEntity(merchant: { level: MerchantLevel }): boolean {
  return merchant.level === 'Parent';
}

type MerchantDropdownSource = {
  account: {
    hierarchy_list: readonly { id: string; name: string }[];
    memberships: readonly { merchant: { id: string; name: string } }[];
  };
};

// Child merchants (hierarchy) first, then member merchants; a merchant in both shows once, in its
// first place.
export function merchantDropdownOptions(user: MerchantDropdownSource): { id: string; name: string }[] {
  const candidates = [
    ...user.account.hierarchy_list,
    ...user.account.memberships.map((membership) => membership.merchant),
  ];
  const seenIds = new Set<string>();
  const options: { id: string; name: string }[] = [];
  for (const { id, name } of candidates) {
    if (seenIds.has(id)) continue;
    seenIds.add(id);
    options.push({ id, name });
  }
  return options;
}

export function merchantDropdownIds(user: MerchantDropdownSource): string[] {
  return merchantDropdownOptions(user).map((option) => option.id);
}

// The Enroll page also needs Permissions. "The merchant has no permission set" is read as RBAC off
// on the default merchant ("no permission restrictions"), where hasPermission already passes.
// primaryClientId: the provider's own client; null when none is configured.
export function canOpenEnrollPage(
  user: PermissionHolder & { account: { default_client: { id: string } | null } },
  primaryClientId: string | null,
): boolean {
  const defaultClientId = user.account.default_client?.id;
  const isDefaultClientThePrimaryClient =
    primaryClientId !== null && defaultClientId !== undefined && defaultClientId === primaryClientId;
  return isDefaultClientThePrimaryClient || hasPermission(user, Permission.Permissions);
}

// Viewing the product as another client makes the role count as user.
export function actingRole(user: { user_type: UserType }, isViewingAs: boolean): UserType {
  return isViewingAs ? 'user' : user.user_type;
}
