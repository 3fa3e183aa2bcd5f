import { Permission, type PermissionName } from '@portico/contracts/access/permission-names';
import type { Executor } from '../db/client';
import { defineErrors } from '../lib/app-error';
import type { Caller } from './caller';
import {
  bypassesMerchantPermissions,
  canReachEveryMerchant,
  findHolderClientAccessFacts,
} from './merchant-scope';
import {
  clientIdsAtOrBelow,
  findDefaultClientId,
  listLocationLimits,
  listMembershipClientIds,
} from './merchant-scope.repository';

export const ReportAccessError = defineErrors({
  MerchantNotFound: ['MERCHANT_NOT_FOUND', 'not_found'],
});

// Whose transactions a report may show: everything (staff), or a set of merchants (a merchant's
// own, or a parent's hierarchy resolved beforehand). A user tied to sub-locations of a merchant
// sees only those locations' transactions of that merchant.
export type LocationLimit = { clientId: string; subEntityIds: readonly string[] };
export type ReportScope =
  | { kind: 'all' }
  | { kind: 'clients'; clientIds: readonly string[]; locationLimits?: readonly LocationLimit[] };

// Which rows carry the REPORTS_ADVANCED fields: every row (admin), or the rows of these merchants.
export type AdvancedFields = { kind: 'all' } | { kind: 'merchants'; clientIds: ReadonlySet<string> };

// Whether a merchant's rows carry the REPORTS_ADVANCED fields for this caller.
export function seesAdvancedFieldsOf(advanced: AdvancedFields, clientId: string): boolean {
  return advanced.kind === 'all' || advanced.clientIds.has(clientId);
}

export type ReportAccess = { scope: ReportScope; advanced: AdvancedFields };

// Whether every merchant (and location) a scope held `then` is still inside the scope `now` (an
// export's rows, asked for then, downloaded now).
export function isScopeWithin(then: ReportScope, now: ReportScope): boolean {
  if (now.kind === 'all') return true;
  if (then.kind === 'all') return false;
  const reachable = new Set(now.clientIds);
  if (!then.clientIds.every((id) => reachable.has(id))) return false;
  // A location limit now that was not there then narrows what the requester sees.
  const limitsThen = new Map(
    (then.locationLimits ?? []).map((limit) => [limit.clientId, limit.subEntityIds]),
  );
  return (now.locationLimits ?? []).every((limit) => {
    if (!then.clientIds.includes(limit.clientId)) return true;
    const before = limitsThen.get(limit.clientId);
    return before?.every((id) => limit.subEntityIds.includes(id)) ?? false;
  });
}

// Whose transactions the caller's report, search or dashboard covers:
// - the merchant the call names, with everything below it (a parent names its hierarchy);
// - else, while viewing as a client, that client and everything below it;
// - else staff: every merchant; a parent: its memberships and everything below them; a merchant user:
//   its default merchant (else its memberships).
async function reportRoots(executor: Executor, caller: Caller): Promise<readonly string[] | 'all'> {
  if (caller.merchant) {
    if (!caller.merchant.merchantExists) throw ReportAccessError.MerchantNotFound('Merchant not found');
    return [caller.merchant.merchantId];
  }
  if (caller.viewAsClientId !== null) return [caller.viewAsClientId];
  if (canReachEveryMerchant(caller.actingRole)) return 'all';
  const userId = caller.session.userId;
  if (caller.actingRole !== 'parent') {
    const defaultClientId = await findDefaultClientId(executor, userId);
    if (defaultClientId !== null) return [defaultClientId];
  }
  return listMembershipClientIds(executor, userId);
}

type HolderFacts = Awaited<ReturnType<typeof findHolderClientAccessFacts>>;
type LocationLimits = Awaited<ReturnType<typeof listLocationLimits>>;

// The hierarchy at and below the roots and the caller's location limits, read side by side; with
// what the caller holds on each merchant of it (one statement for the hierarchy and its facts), except
// for admin, who skips per-merchant permissions and needs the hierarchy alone.
async function hierarchyAccess(
  executor: Executor,
  caller: Caller,
  roots: readonly string[],
): Promise<{ clientIds: readonly string[]; facts: HolderFacts | null; locationLimits: LocationLimits }> {
  const locationLimits = listLocationLimits(executor, caller.session.userId);
  if (bypassesMerchantPermissions(caller.session.role)) {
    const [clientIds, limits] = await Promise.all([clientIdsAtOrBelow(executor, roots), locationLimits]);
    return { clientIds, facts: null, locationLimits: limits };
  }
  const [facts, limits] = await Promise.all([
    findHolderClientAccessFacts(executor, caller.session, { atOrBelow: roots }),
    locationLimits,
  ]);
  return { clientIds: facts.map((fact) => fact.clientId), facts, locationLimits: limits };
}

// The merchants of `facts` the caller reaches (staff every one, others by membership) and holds
// `permission` on (a merchant without role-based access grants every permission); null: reach alone.
function factsHolding(facts: HolderFacts, isStaff: boolean, permission: PermissionName | null): HolderFacts {
  return facts.filter(
    (fact) =>
      (isStaff || fact.hasMembership) &&
      (permission === null || !fact.rbacEnabled || fact.grantedPermissions.includes(permission)),
  );
}

// The scope narrowed to the merchants the caller reaches and holds `permission` on (the rule of
// decideMerchantAccess, per merchant), and the merchants whose rows carry the REPORTS_ADVANCED
// fields. Admin skips per-merchant permissions.
export async function resolveReportAccess(
  executor: Executor,
  caller: Caller,
  permission: PermissionName | null,
): Promise<ReportAccess> {
  const roots = await reportRoots(executor, caller);
  const isAdmin = bypassesMerchantPermissions(caller.session.role);
  if (roots === 'all') {
    return {
      scope: { kind: 'all' },
      advanced: isAdmin ? { kind: 'all' } : { kind: 'merchants', clientIds: new Set() },
    };
  }
  const { clientIds, facts, locationLimits } = await hierarchyAccess(executor, caller, roots);
  if (facts === null)
    return { scope: { kind: 'clients', clientIds, locationLimits }, advanced: { kind: 'all' } };

  const isStaff = canReachEveryMerchant(caller.session.role);
  const allowed = factsHolding(facts, isStaff, permission);
  return {
    scope: { kind: 'clients', clientIds: allowed.map((fact) => fact.clientId), locationLimits },
    advanced: {
      kind: 'merchants',
      clientIds: new Set(
        factsHolding(allowed, isStaff, Permission.ReportsAdvanced).map((fact) => fact.clientId),
      ),
    },
  };
}

// resolveReportAccess for several permissions at once (the global search asks one per kind of row):
// the roots, the hierarchy below them and the caller's facts are read once, each permission narrows
// them by the same rule. A null permission: reach alone.
export async function resolveReportScopes<const Name extends PermissionName | null>(
  executor: Executor,
  caller: Caller,
  permissions: readonly Name[],
): Promise<Map<Name, ReportScope>> {
  const scopes = new Map<Name, ReportScope>();
  if (permissions.length === 0) return scopes;
  const roots = await reportRoots(executor, caller);
  if (roots === 'all') {
    for (const permission of permissions) scopes.set(permission, { kind: 'all' });
    return scopes;
  }
  const { clientIds, facts, locationLimits } = await hierarchyAccess(executor, caller, roots);
  const isStaff = canReachEveryMerchant(caller.session.role);
  for (const permission of permissions) {
    const allowed =
      facts === null ? clientIds : factsHolding(facts, isStaff, permission).map((f) => f.clientId);
    scopes.set(permission, { kind: 'clients', clientIds: allowed, locationLimits });
  }
  return scopes;
}
