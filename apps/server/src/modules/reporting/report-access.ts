import { Permission, type PermissionName } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { listLocationLimits, listMembershipClientIds } from '../rbac/rbac.repository';
import { bypassesMerchantPermissions, canReachEveryMerchant } from '../rbac/rbac.service';
import type { SessionContext } from '../session/session.service';
import type { AdvancedFields } from './report-row';
import {
  clientIdsAtOrBelow,
  findClientAccessFacts,
  findDefaultClientId,
  type ReportScope,
} from './reporting.repository';

export const ReportAccessError = defineErrors({
  MerchantNotFound: ['MERCHANT_NOT_FOUND', 'not_found'],
});

export type ReportCaller = {
  session: SessionContext;
  // Viewing as a client makes the caller a user of that client (spec 1 §1).
  actingRole: UserType;
  viewAsClientId: string | null;
  // The merchant the call names (id, merchant_id), already checked by the access plugin.
  namedMerchant: { id: string; exists: boolean } | null;
};

export function reportCallerOf(request: FastifyRequest): ReportCaller {
  const session = request.requireSession();
  const named = request.merchantAccess;
  return {
    session,
    actingRole: request.viewAsClientId === null ? session.role : 'user',
    viewAsClientId: request.viewAsClientId,
    namedMerchant: named ? { id: named.merchantId, exists: named.merchantExists } : null,
  };
}

export type ReportAccess = { scope: ReportScope; advanced: AdvancedFields };

// Whose transactions the caller's report, search or dashboard covers:
// - the merchant the call names, with everything below it (a parent names its hierarchy);
// - else, while viewing as a client, that client and everything below it;
// - else staff: every merchant; a parent: its memberships and everything below them; a merchant user:
//   its default merchant (else its memberships).
async function reportRoots(executor: Executor, caller: ReportCaller): Promise<readonly string[] | 'all'> {
  if (caller.namedMerchant) {
    if (!caller.namedMerchant.exists) throw ReportAccessError.MerchantNotFound('Merchant not found');
    return [caller.namedMerchant.id];
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

// The scope narrowed to the merchants the caller reaches and holds `permission` on (spec 1 §6, the
// same rule as rbac.service decideMerchantAccess, per merchant), and the merchants whose rows carry
// the REPORTS_ADVANCED fields. Admin skips per-merchant permissions.
export async function resolveReportAccess(
  executor: Executor,
  caller: ReportCaller,
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
  const facts = await findClientAccessFacts(executor, caller.session.userId, clientIds);
  const holds = (fact: (typeof facts)[number], name: PermissionName) =>
    !fact.rbacEnabled || fact.grantedPermissions.includes(name);
  const allowed = facts.filter(
    (fact) => (isStaff || fact.hasMembership) && (permission === null || holds(fact, permission)),
  );
  return {
    scope: { kind: 'clients', clientIds: allowed.map((fact) => fact.clientId).sort(), locationLimits },
    advanced: {
      kind: 'merchants',
      clientIds: new Set(
        allowed.filter((fact) => holds(fact, Permission.ReportsAdvanced)).map((fact) => fact.clientId),
      ),
    },
  };
}
