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
  const clientIds = await clientIdsAtOrBelow(executor, roots);
  const locationLimits = await listLocationLimits(executor, caller.session.userId);
  if (isAdmin) return { scope: { kind: 'clients', clientIds, locationLimits }, advanced: { kind: 'all' } };

  const isStaff = canReachEveryMerchant(caller.session.role);
  const facts = await findHolderClientAccessFacts(executor, caller.session, clientIds);
  const allowed = factsHolding(facts, isStaff, permission);
  return {
    scope: { kind: 'clients', clientIds: allowed.map((fact) => fact.clientId).sort(), locationLimits },
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
  const clientIds = await clientIdsAtOrBelow(executor, roots);
  const locationLimits = await listLocationLimits(executor, caller.session.userId);
  if (bypassesMerchantPermissions(caller.session.role)) {
    for (const permission of permissions)
      scopes.set(permission, { kind: 'clients', clientIds, locationLimits });
    return scopes;
  }
  const isStaff = canReachEveryMerchant(caller.session.role);
  const facts = await findHolderClientAccessFacts(executor, caller.session, clientIds);
  for (const permission of permissions) {
    const allowed = factsHolding(facts, isStaff, permission);
    scopes.set(permission, {
      kind: 'clients',
      clientIds: allowed.map((fact) => fact.clientId).sort(),
      locationLimits,
    });
  }
  return scopes;
}
