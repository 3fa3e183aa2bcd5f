import type { PermissionName } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';

// Who may mimic whom: staff anyone but other staff (and never themselves); parents
// and alpha users holding Permissions only users whose memberships all lie inside merchants they
// administer. A user without memberships lies inside nobody's merchants.
export function isStaffUserType(userType: UserType): boolean {
  return userType === 'admin' || userType === 'healnow';
}

export type MimicDecisionInput = {
  caller: { userId: string; role: UserType };
  target: { id: string; userType: UserType; membershipClientIds: readonly string[] };
  // The target's memberships on merchants the caller administers (reach and Permissions there).
  administeredClientIds: ReadonlySet<string>;
};

export function mayMimicUser({ caller, target, administeredClientIds }: MimicDecisionInput): boolean {
  if (target.id === caller.userId || isStaffUserType(target.userType)) return false;
  if (caller.role === 'admin') return true;
  if (caller.role !== 'parent' && caller.role !== 'alpha') return false;
  return (
    target.membershipClientIds.length > 0 &&
    target.membershipClientIds.every((clientId) => administeredClientIds.has(clientId))
  );
}

// A person's permissions by client (null: the client is out of their reach).
export type PermissionsByClient = ReadonlyMap<string, readonly PermissionName[] | null>;

// Nobody mimics a user who holds more than they do: the first client where the target holds a
// permission the caller does not (or reaches a client the caller does not), else null.
export function clientBeyondCaller(target: PermissionsByClient, caller: PermissionsByClient): string | null {
  for (const [clientId, held] of target) {
    if (held === null) continue;
    const callerHolds = caller.get(clientId) ?? null;
    if (callerHolds === null || held.some((name) => !callerHolds.includes(name))) return clientId;
  }
  return null;
}

export type MimicLinkState = { consumedAt: Date | null; isExpired: boolean } | undefined;

// Why a mimic link did not open a session, for a clear answer to bad input.
export function mimicLinkFailure(state: MimicLinkState): 'unknown' | 'used' | 'expired' {
  if (!state) return 'unknown';
  if (state.consumedAt !== null) return 'used';
  return state.isExpired ? 'expired' : 'unknown';
}
