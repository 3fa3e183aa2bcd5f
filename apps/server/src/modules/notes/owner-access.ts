import type { PermissionName } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, requestOrigin } from '../../lib/audit';
import { canReachEveryMerchant, decideMerchantAccess, isWithinViewedClient } from '../rbac/rbac.service';
import type { SessionContext } from '../session/session.service';
import { findEnrollmentOwner } from './notes.repository';

// Notes and documents belong to a client or to an enrollment. Client ids in the address or the body
// go through the access plugin's merchant selector; the checks here cover what it cannot see: an
// enrollment's reach (through its client, else its parent) and ids found in the database.

export type Caller = {
  session: SessionContext;
  // Viewing as a client makes the caller a user of that client (spec 1 §1).
  actingRole: UserType;
  viewAsClientId: string | null;
  isStaff: boolean;
};

export function callerOf(request: FastifyRequest): Caller {
  const session = request.requireSession();
  const actingRole: UserType = request.viewAsClientId === null ? session.role : 'user';
  return {
    session,
    actingRole,
    viewAsClientId: request.viewAsClientId,
    isStaff: canReachEveryMerchant(actingRole),
  };
}

const forbiddenText = {
  role: 'You are not allowed to do this',
  merchant: 'You do not have access to this merchant',
  permission: 'You do not have permission to do this',
  recipient: 'You may not send e-mail to these recipients',
} as const;

// Same answer and audit entry as the access plugin's own denials.
export async function denyAccess(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  reason: keyof typeof forbiddenText,
  details: { merchantId?: string | null; permission?: string; code?: string; message?: string } = {},
): Promise<never> {
  await recordAudit(db, {
    action: 'authorization_denied',
    outcome: 'denied',
    actorUserId: caller.session.userId,
    actorEmail: caller.session.email,
    targetType: 'route',
    targetId: `${request.method} ${request.routeOptions.url ?? request.url}`,
    clientId: details.merchantId ?? null,
    ...requestOrigin(request),
    details: {
      reason,
      role: caller.session.role,
      ...(details.permission ? { permission: details.permission } : {}),
    },
  });
  throw new AppError(
    details.code ?? CommonErrorCode.Forbidden,
    'forbidden',
    details.message ?? forbiddenText[reason],
  );
}

export type ClientAccess = { merchantExists: boolean; effectivePermissions: readonly PermissionName[] };

// Reach of one client in the caller's own right, narrowed to the viewed client while viewing as one.
export async function authorizeClient(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  clientId: string,
): Promise<ClientAccess> {
  if (caller.viewAsClientId !== null && !(await isWithinViewedClient(db, caller.viewAsClientId, clientId))) {
    return denyAccess(db, request, caller, 'merchant', { merchantId: clientId });
  }
  const decision = await decideMerchantAccess(db, caller.session, clientId, undefined);
  if (!decision.isAllowed) return denyAccess(db, request, caller, decision.reason, { merchantId: clientId });
  return { merchantExists: decision.merchantExists, effectivePermissions: decision.effectivePermissions };
}

// An enrollment is reached through its account once approved, else through the parent it enrolls
// under. A missing enrollment is a 404 for staff and the usual 403 for everyone else (no existence
// oracle, as for merchants).
export async function authorizeEnrollment(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  enrollmentId: string,
  notFound: () => AppError,
): Promise<{ enrollmentId: string; clientId: string | null; access: ClientAccess | null }> {
  const enrollment = await findEnrollmentOwner(db, enrollmentId);
  if (!enrollment) {
    if (caller.isStaff) throw notFound();
    return denyAccess(db, request, caller, 'merchant');
  }
  const access = await authorizeReachedThrough(
    db,
    request,
    caller,
    enrollment.clientId ?? enrollment.parentId,
  );
  return { enrollmentId: enrollment.id, clientId: enrollment.clientId, access };
}

// An enrollment with neither account nor parent is reached by staff only (access null: no merchant).
export async function authorizeReachedThrough(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  clientId: string | null,
): Promise<ClientAccess | null> {
  if (clientId !== null) return authorizeClient(db, request, caller, clientId);
  if (!caller.isStaff) return denyAccess(db, request, caller, 'merchant');
  return null;
}

// Enrollments, their notes and documents, and account events are the review side of an account:
// staff and the parents above it (spec 2 §6). Merchant users work on their own client only.
export const reviewRoles: readonly UserType[] = ['admin', 'healnow', 'parent'];

export async function requireReviewRole(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  denial: { code: string; message: string },
): Promise<void> {
  if (reviewRoles.includes(caller.actingRole)) return;
  await denyAccess(db, request, caller, 'role', denial);
}
