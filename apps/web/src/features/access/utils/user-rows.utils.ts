import type { ManagedUser } from '@portico/contracts/access/user-admin';

// The status of an account in words (states in words, not flags).
export function userStatusLabel(user: Pick<ManagedUser, 'disabled' | 'is_locked_out'>): string {
  if (user.is_locked_out) return 'Locked';
  if (user.disabled) return 'Disabled';
  return 'Active';
}

// 'Harbor Lane: Cashier; Magnolia Grill: no role' — one line for the grid.
export function membershipsLabel(user: Pick<ManagedUser, 'memberships'>): string {
  return user.memberships
    .map((membership) => `${membership.merchant.name}: ${membership.role?.name ?? 'No role'}`)
    .join('; ');
}

// Locations in words; a user tied to none works at every location of the merchant.
export function locationsLabel(user: Pick<ManagedUser, 'locations'>): string {
  if (user.locations.length === 0) return 'All locations';
  return user.locations.map((location) => location.name).join(', ');
}

// What an empty Users grid says: whose list it is and what to do (staff accounts are never listed).
// merchantName null: the users of every merchant the caller manages.
export function noUsersText(merchantName: string | null, canChoose: boolean): string {
  const whose =
    merchantName === null ? 'There are no users to manage' : `${merchantName} has no users to manage`;
  const next = canChoose
    ? 'Choose another merchant above, or add a user.'
    : 'Add a user to give them access.';
  return `${whose}. Staff accounts are not listed here. ${next}`;
}

// Staff and parents choose whose users they see; everyone else sees their own merchant's.
export function canChooseMerchant(actingRole: string): boolean {
  return actingRole === 'admin' || actingRole === 'healnow' || actingRole === 'parent';
}
