import type { PermissionName } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import type { Db } from '../db/client';
import type { AppError } from '../lib/app-error';
import type { Caller } from './caller';
import { denyAccess } from './denial';
import { decideMerchantAccess, isWithinViewedClient } from './merchant-scope';
import { findEnrollmentOwner } from './merchant-scope.repository';

// Notes, documents and other records belong to a client or to an enrollment. Client ids in the
// address or the body go through the route's merchant selector; the checks here cover what it cannot
// see: an enrollment's reach (through its client, else its parent) and ids found in the database.

export type ClientAccess = { merchantExists: boolean; effectivePermissions: readonly PermissionName[] };

// Reach of one client in the caller's own right, narrowed to the viewed client while viewing as one.
export async function authorizeClient(db: Db, caller: Caller, clientId: string): Promise<ClientAccess> {
  if (caller.viewAsClientId !== null && !(await isWithinViewedClient(db, caller.viewAsClientId, clientId))) {
    return denyAccess(caller, 'merchant', { merchantId: clientId });
  }
  const decision = await decideMerchantAccess(db, caller.session, clientId, undefined);
  if (!decision.isAllowed) return denyAccess(caller, decision.reason, { merchantId: clientId });
  return { merchantExists: decision.merchantExists, effectivePermissions: decision.effectivePermissions };
}

// An enrollment is reached through its account once approved, else through the parent it enrolls
// under. A missing enrollment is a 404 for staff and the usual 403 for everyone else (no existence
// oracle, as for merchants).
export async function authorizeEnrollment(
  db: Db,
  caller: Caller,
  enrollmentId: string,
  notFound: () => AppError,
): Promise<{ enrollmentId: string; clientId: string | null; access: ClientAccess | null }> {
  const enrollment = await findEnrollmentOwner(db, enrollmentId);
  if (!enrollment) {
    if (caller.isStaff) throw notFound();
    return denyAccess(caller, 'merchant');
  }
  const access = await authorizeReachedThrough(db, caller, enrollment.clientId ?? enrollment.parentId);
  return { enrollmentId: enrollment.id, clientId: enrollment.clientId, access };
}

// An enrollment with neither account nor parent is reached by staff only (access null: no merchant).
export async function authorizeReachedThrough(
  db: Db,
  caller: Caller,
  clientId: string | null,
): Promise<ClientAccess | null> {
  if (clientId !== null) return authorizeClient(db, caller, clientId);
  if (!caller.isStaff) return denyAccess(caller, 'merchant');
  return null;
}

// Enrollments, their notes and documents, and account events are the review side of an account:
// staff and the parents above it. Merchant users work on their own client only.
export const reviewRoles: readonly UserType[] = ['admin', 'healnow', 'parent'];

export async function requireReviewRole(
  caller: Caller,
  denial: { code: string; message: string },
): Promise<void> {
  if (reviewRoles.includes(caller.actingRole)) return;
  await denyAccess(caller, 'role', denial);
}
