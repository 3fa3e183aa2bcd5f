import { Permission, type PermissionName } from '@portico/contracts/access/permission-names';
import {
  grantedPermissionUnion,
  isRbacEnabledOnDefaultMerchant,
} from '@portico/contracts/access/permissions';
import type { SessionUser } from '@portico/contracts/access/session-user';
import type { UserType } from '@portico/contracts/auth/roles';
import {
  type MerchantPermissionGrants,
  missingPermissions,
  permissionsRequiredToRefund,
  permissionsRequiredToVoid,
} from '@portico/contracts/transactions/void-refund-eligibility';

// What the signed-in user may do in the report, read from the session the way the server decides it
// (rbac.service decideMerchantAccess): admin holds every permission; otherwise the permissions loaded
// for the current client, which the server already answers in full where the merchant does not
// restrict by permissions. The server checks each void and refund per merchant again.

export type ReportSessionFacts = {
  actingRole: UserType;
  permissions: readonly PermissionName[] | null;
  user: SessionUser;
};

export function reportPermissionGrants(session: ReportSessionFacts): MerchantPermissionGrants {
  if (session.actingRole === 'admin') return { hasMerchantLevelPermissions: false };
  if (session.permissions !== null) {
    return { hasMerchantLevelPermissions: true, granted: new Set(session.permissions) };
  }
  // No permissions call for this client (the primary client, or none): the memberships decide.
  if (!isRbacEnabledOnDefaultMerchant(session.user)) return { hasMerchantLevelPermissions: false };
  return { hasMerchantLevelPermissions: true, granted: grantedPermissionUnion(session.user) };
}

function holds(grants: MerchantPermissionGrants, required: readonly PermissionName[]): boolean {
  return required.length > 0 && missingPermissions(required, grants).length === 0;
}

export type ReportAbilities = {
  // REPORTS_ADVANCED: Fee, Net Amount, Surcharge and the Advanced Details section.
  canSeeAdvancedFields: boolean;
  // The Void and Refund columns: the rights on at least one rail (card or ACH).
  canVoid: boolean;
  canRefund: boolean;
};

export function reportAbilities(grants: MerchantPermissionGrants): ReportAbilities {
  return {
    canSeeAdvancedFields: holds(grants, [Permission.ReportsAdvanced]),
    canVoid:
      holds(grants, permissionsRequiredToVoid('charge')) || holds(grants, permissionsRequiredToVoid('ach')),
    canRefund:
      holds(grants, permissionsRequiredToRefund('charge')) ||
      holds(grants, permissionsRequiredToRefund('ach')),
  };
}
