import type { PermissionName } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { SecondFactorErrorCode } from '@portico/contracts/auth/second-factor-errors';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { requestOrigin } from '../lib/audit';
import type { DenialAuditor, DenialSite } from './denial';
import { canReachEveryMerchant, personBehind } from './merchant-scope';
import type { PrefetchedAccess, PrefetchedRead, SessionContext } from './request-session';
import type { SessionPrefetch } from './request-session.repository';
import { type RouteAccess, type RouteCatalogEntry, routeOf } from './route-access';

// The merchant a route names, once the access layer checked it.
export type MerchantAccessContext = {
  merchantId: string;
  // false only for staff naming a merchant that does not exist (others get a 403 first).
  merchantExists: boolean;
  effectivePermissions: readonly PermissionName[];
  // The caller's sub-locations at the merchant; empty: every location.
  locationIds: readonly string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    // An authenticated route's read to send with the session statement (SessionPrefetch), from the
    // request as it arrived (not yet validated); null: none.
    sessionPrefetch?: (request: FastifyRequest) => SessionPrefetch | null;
  }
  interface FastifyInstance {
    // Every registered route with its access rule: the authorization matrix and the fuzz test walk it.
    routeCatalog: RouteCatalogEntry[];
    // The app's one denial auditor: every refusal goes through it.
    accessDenials: DenialAuditor;
  }
  interface FastifyRequest {
    // Set when a valid session cookie is presented to a route that reads sessions.
    session: SessionContext | null;
    // What the session lookup read for the access decision in the same round trip.
    prefetchedAccess: PrefetchedAccess | null;
    // The route's own read sent with the session (config.sessionPrefetch): for its handler only,
    // which runs once the access layer allowed the request, and uses it only if it asks the same.
    prefetchedRead: PrefetchedRead | null;
    // Set on routes with a merchant selector once the caller passed the merchant checks.
    merchantAccess: MerchantAccessContext | null;
    // The client the caller views the product as (the viewAs query parameter, checked), or null.
    // While set, the caller acts as role user within that client.
    viewAsClientId: string | null;
    // The session of an authenticated route; throws 401 if there is none.
    requireSession(): SessionContext;
  }
}

export function unauthenticated(): AppError {
  return new AppError(CommonErrorCode.Unauthenticated, 'unauthenticated', 'Sign in to continue');
}

// A session signed in with its first factor only, on a route that needs a full sign-in.
export function secondFactorRequired(): AppError {
  return new AppError(SecondFactorErrorCode.Required, 'unauthenticated', SecondFactorText.Required);
}

// Viewing as a client makes the caller a user of that client.
export function actingRoleOf(role: UserType, viewAsClientId: string | null): UserType {
  return viewAsClientId === null ? role : 'user';
}

// Who is calling, as services see them: the session, the role they act in, the client they view as,
// the merchant the route names (checked), and what a refusal and its audit entry name (the route,
// the request's origin, the app's auditor).
export type Caller = DenialSite & {
  actingRole: UserType;
  viewAsClientId: string | null;
  // Staff in the acting role: viewing as a client, staff act as its user; in a mimic session, only
  // when the person behind it is staff too.
  isStaff: boolean;
  // Set in a mimic session: the staff member who opened it.
  mimickedByUserId: string | null;
  merchant: MerchantAccessContext | null;
};

function isStaffBehind(session: SessionContext): boolean {
  const behind = personBehind(session);
  return behind === null || canReachEveryMerchant(behind.role);
}

// The caller of an authenticated route (401 without a session).
export function callerOf(request: FastifyRequest): Caller {
  const session = request.requireSession();
  const viewAsClientId = request.viewAsClientId;
  const actingRole = actingRoleOf(session.role, viewAsClientId);
  return {
    session,
    actingRole,
    viewAsClientId,
    isStaff: canReachEveryMerchant(actingRole) && isStaffBehind(session),
    mimickedByUserId: session.mimickedByUserId,
    merchant: request.merchantAccess,
    route: routeOf(request),
    origin: requestOrigin(request),
    denials: request.server.accessDenials,
  };
}

// Where a refusal of this request happens, before its Caller is known.
export function denialSiteOf(request: FastifyRequest, session: SessionContext): DenialSite {
  return {
    session,
    route: routeOf(request),
    origin: requestOrigin(request),
    denials: request.server.accessDenials,
  };
}
