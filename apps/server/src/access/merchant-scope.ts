import {
  type PermissionName,
  permissionNameSchema,
  permissionNames,
} from '@portico/contracts/access/permission-names';
import { hasPermission } from '@portico/contracts/access/permissions';
import type { PermissionHolder } from '@portico/contracts/access/session-user';
import { reachesEveryMerchant, type UserType } from '@portico/contracts/auth/roles';
import type { Executor } from '../db/client';
import {
  type ClientAccessFacts,
  type ClientSet,
  findClientAccessFacts,
  findMerchantAccessFacts,
  findPermissionHolderFacts,
  isClientAtOrBelow,
  type MerchantAccessFacts,
  type PermissionHolderFacts,
} from './merchant-scope.repository';

// Staff may reach every merchant (the contracts rule the portal reads too); only admin also skips
// per-merchant permissions.
export const canReachEveryMerchant = reachesEveryMerchant;

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

// Whose rights a decision weighs: the signed-in user and, in a mimic session, the person behind it
// (mimickedByUserId, with their role). A mimic session may do only what both may do.
export type AccessHolder = {
  userId: string;
  role: UserType;
  mimickedByUserId?: string | null;
  mimickedByRole?: UserType | null;
};

type Person = { userId: string; role: UserType };

// The person behind a mimic session; an unknown role counts as a merchant user's (no staff reach).
export function personBehind(holder: AccessHolder): Person | null {
  if (!holder.mimickedByUserId) return null;
  return { userId: holder.mimickedByUserId, role: holder.mimickedByRole ?? 'user' };
}

// One person's decision on one merchant, holding `permission` there? Reach: a membership on the
// merchant or on a parent above it (staff: any). Permissions: admin has all; RBAC off on the merchant
// means every check passes; RBAC on means the governing membership's role must grant it (no role,
// or staff without a membership: nothing).
function decidePersonOnFacts(
  person: { role: UserType },
  facts: MerchantAccessFacts,
  permission: PermissionName | undefined,
): MerchantAccess {
  const isStaff = canReachEveryMerchant(person.role);
  if (!facts.merchantExists && !isStaff) return { isAllowed: false, reason: 'merchant' };
  if (!isStaff && facts.membershipClientId === null) return { isAllowed: false, reason: 'merchant' };

  const effectivePermissions =
    bypassesMerchantPermissions(person.role) || !facts.rbacEnabled
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

// The sub-locations two people are both tied to (empty: every location); null when they share
// none, so that neither person's limit is lifted.
function commonLocationIds(own: readonly string[], behind: readonly string[]): readonly string[] | null {
  if (behind.length === 0) return own;
  if (own.length === 0) return behind;
  const common = own.filter((id) => behind.includes(id));
  return common.length > 0 ? common : null;
}

// What a mimic session may do on a merchant: what the mimicked user and the person behind may both
// do there, at the locations both reach.
export function withinPersonBehind(own: MerchantAccess, behind: MerchantAccess): MerchantAccess {
  if (!own.isAllowed) return own;
  if (!behind.isAllowed) return behind;
  const locationIds = commonLocationIds(own.locationIds, behind.locationIds);
  if (locationIds === null) return { isAllowed: false, reason: 'merchant' };
  return {
    isAllowed: true,
    merchantExists: own.merchantExists,
    effectivePermissions: own.effectivePermissions.filter((name) =>
      behind.effectivePermissions.includes(name),
    ),
    locationIds,
  };
}

// May the caller act on one merchant, holding `permission` there? facts: the signed-in user's on
// that merchant, when read ahead (with the session). In a mimic session the person behind is decided
// on their own facts too, and only what both may do is allowed.
export async function decideMerchantAccessFromFacts(
  executor: Executor,
  holder: AccessHolder,
  merchantId: string,
  facts: MerchantAccessFacts,
  permission: PermissionName | undefined,
): Promise<MerchantAccess> {
  const own = decidePersonOnFacts(holder, facts, permission);
  const behind = personBehind(holder);
  if (behind === null || !own.isAllowed) return own;
  const theirs = await findMerchantAccessFacts(executor, behind.userId, merchantId);
  return withinPersonBehind(own, decidePersonOnFacts(behind, theirs, permission));
}

export async function decideMerchantAccess(
  executor: Executor,
  holder: AccessHolder,
  merchantId: string,
  permission: PermissionName | undefined,
): Promise<MerchantAccess> {
  const facts = await findMerchantAccessFacts(executor, holder.userId, merchantId);
  return decideMerchantAccessFromFacts(executor, holder, merchantId, facts, permission);
}

// hasPermission for one person and a call that names no merchant: the default merchant's RBAC flag,
// and the union of what every membership grants. The rule itself is the shared one from contracts.
function personHasPermissionAnywhere(
  person: { role: UserType },
  facts: PermissionHolderFacts,
  permission: PermissionName,
): boolean {
  if (bypassesMerchantPermissions(person.role)) return true;
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

async function personHasPermissionAnywhereByQuery(
  executor: Executor,
  person: Person,
  permission: PermissionName,
): Promise<boolean> {
  if (bypassesMerchantPermissions(person.role)) return true;
  const facts = await findPermissionHolderFacts(executor, person.userId);
  return personHasPermissionAnywhere(person, facts, permission);
}

// Whether one person holds any of these permissions on some merchant of theirs (the hasPermission
// rule, their facts read once): who must have a second factor asks it at sign-in.
export async function holdsAnyPermissionAnywhere(
  executor: Executor,
  person: Person,
  permissions: readonly PermissionName[],
): Promise<boolean> {
  if (bypassesMerchantPermissions(person.role)) return permissions.length > 0;
  const facts = await findPermissionHolderFacts(executor, person.userId);
  return permissions.some((permission) => personHasPermissionAnywhere(person, facts, permission));
}

// hasPermission for a call that names no merchant. facts: the signed-in user's, when read ahead; in
// a mimic session the person behind must hold the permission too.
export async function hasPermissionAnywhereFromFacts(
  executor: Executor,
  holder: AccessHolder,
  facts: PermissionHolderFacts,
  permission: PermissionName,
): Promise<boolean> {
  if (!personHasPermissionAnywhere(holder, facts, permission)) return false;
  const behind = personBehind(holder);
  return behind === null || personHasPermissionAnywhereByQuery(executor, behind, permission);
}

export async function hasPermissionAnywhere(
  executor: Executor,
  holder: AccessHolder,
  permission: PermissionName,
): Promise<boolean> {
  if (!(await personHasPermissionAnywhereByQuery(executor, holder, permission))) return false;
  const behind = personBehind(holder);
  return behind === null || personHasPermissionAnywhereByQuery(executor, behind, permission);
}

// One person's permissions on a client from its facts (findClientAccessFacts); null: not reached.
export function clientPermissionsOf(
  person: { role: UserType },
  fact: ClientAccessFacts,
): readonly PermissionName[] | null {
  if (!canReachEveryMerchant(person.role) && !fact.hasMembership) return null;
  return bypassesMerchantPermissions(person.role) || !fact.rbacEnabled
    ? permissionNames
    : knownPermissionNames(fact.grantedPermissions);
}

// findClientAccessFacts for a holder: in a mimic session a client counts as reached only where the
// person behind reaches it too, and grants only what both are granted there (an admin behind it
// holds every permission). The RBAC flag is the client's own.
export async function findHolderClientAccessFacts(
  executor: Executor,
  holder: AccessHolder,
  clients: ClientSet,
): Promise<ClientAccessFacts[]> {
  const own = await findClientAccessFacts(executor, holder.userId, clients);
  const behind = personBehind(holder);
  if (behind === null) return own;
  const theirs = new Map(
    (await findClientAccessFacts(executor, behind.userId, clients)).map((fact) => [fact.clientId, fact]),
  );
  return own.map((fact) => {
    const their = theirs.get(fact.clientId);
    const isReachedBehind = canReachEveryMerchant(behind.role) || their?.hasMembership === true;
    const grantedBehind = their?.grantedPermissions ?? [];
    return {
      ...fact,
      hasMembership: fact.hasMembership && isReachedBehind,
      grantedPermissions: bypassesMerchantPermissions(behind.role)
        ? fact.grantedPermissions
        : fact.grantedPermissions.filter((name) => grantedBehind.includes(name)),
    };
  });
}

// Viewing as a client, the caller acts as a user of that client. Only staff (any client) and
// parents (clients of their hierarchy) may view as a client; the caller must reach that client in
// their own right; while viewing, a call may touch only the viewed client and the clients
// below it (a parent's merchants), with the caller's own rights there.
export function mayViewAsAClient(role: UserType): boolean {
  return canReachEveryMerchant(role) || role === 'parent';
}

// Both people of a mimic session must be allowed to view as the client.
function mayViewAsHolder(holder: AccessHolder): boolean {
  const behind = personBehind(holder);
  return mayViewAsAClient(holder.role) && (behind === null || mayViewAsAClient(behind.role));
}

// facts: the caller's facts on the viewed client, when read ahead.
export async function canViewAsFromFacts(
  executor: Executor,
  holder: AccessHolder,
  viewedClientId: string,
  facts: MerchantAccessFacts,
): Promise<boolean> {
  if (!mayViewAsHolder(holder)) return false;
  const access = await decideMerchantAccessFromFacts(executor, holder, viewedClientId, facts, undefined);
  return access.isAllowed && access.merchantExists;
}

export async function canViewAs(
  executor: Executor,
  holder: AccessHolder,
  viewedClientId: string,
): Promise<boolean> {
  if (!mayViewAsHolder(holder)) return false;
  const facts = await findMerchantAccessFacts(executor, holder.userId, viewedClientId);
  return canViewAsFromFacts(executor, holder, viewedClientId, facts);
}

export async function isWithinViewedClient(
  executor: Executor,
  viewedClientId: string,
  merchantId: string,
): Promise<boolean> {
  return isClientAtOrBelow(executor, viewedClientId, merchantId);
}
