import type { PermissionName } from '@portico/contracts/access/permission-names';
import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import { normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { auditRequestContext } from '../lib/audit';
import { actingRoleOf, denialSiteOf, unauthenticated } from './caller';
import { type DenialDetails, type DenialReason, denyByRouteRule } from './denial';
import {
  canViewAs,
  canViewAsFromFacts,
  decideMerchantAccess,
  decideMerchantAccessFromFacts,
  hasPermissionAnywhere,
  hasPermissionAnywhereFromFacts,
  isWithinViewedClient,
  type MerchantAccess,
} from './merchant-scope';
import { isRefusedToProcessorAuditUser } from './processor-audit';
import type { SessionContext } from './request-session';
import { readRequestField, uuidShape } from './route-access';

// The checks every request passes by its route's access rule, in the order Fastify runs them: the
// caller's role before the body is read (admitCaller), then, once params, query and body are
// validated, a mimic session's change of its own sign-in e-mail (refuseSignInEmailChange) and the
// merchant and permission the route names (checkNamedMerchant).

function invalidRequest() {
  return new AppError(CommonErrorCode.ValidationFailed, 'validation', 'The request is not valid');
}

function deny(
  request: FastifyRequest,
  session: SessionContext,
  reason: DenialReason,
  details: DenialDetails,
): Promise<never> {
  return denyByRouteRule(denialSiteOf(request, session), reason, details);
}

// The viewAs parameter belongs to the access layer: taken out before the route's schema sees it.
function takeViewAsParameter(request: FastifyRequest): unknown {
  const query: unknown = request.query;
  if (typeof query !== 'object' || query === null || !(VIEW_AS_QUERY_PARAM in query)) return undefined;
  const value: unknown = Reflect.get(query, VIEW_AS_QUERY_PARAM);
  Reflect.deleteProperty(query, VIEW_AS_QUERY_PARAM);
  return value;
}

// Roles are checked before the body is even read; viewing as a client makes the role user.
export async function admitCaller(db: Db, request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.access;
  const viewAs = takeViewAsParameter(request);
  if (!access) return;
  const session = request.session;
  // An auditor's write is refused before its body is read, whatever the route's roles; public
  // routes that read the session are covered too.
  if (
    session &&
    isRefusedToProcessorAuditUser({
      method: request.method,
      isProcessorAuditUser: session.isProcessorAuditUser,
      routeRule: access.processorAudit,
    })
  ) {
    await deny(request, session, 'processor_audit', {});
  }
  if (session?.mimickedByUserId && access.mimicSession === 'refused') {
    await deny(request, session, 'mimic_session', {});
  }
  if (access.kind === 'public') return;
  if (!session) throw unauthenticated();
  if (viewAs !== undefined) {
    if (typeof viewAs !== 'string' || !uuidShape.test(viewAs)) throw invalidRequest();
    const viewedClientId = viewAs.toLowerCase();
    const prefetched = request.prefetchedAccess?.viewed;
    const isAllowed =
      prefetched?.id === viewedClientId
        ? await canViewAsFromFacts(db, session, viewedClientId, prefetched.facts)
        : await canViewAs(db, session, viewedClientId);
    if (!isAllowed) {
      await deny(request, session, 'merchant', { merchantId: viewedClientId });
    }
    request.viewAsClientId = viewedClientId;
    const context = auditRequestContext.getStore();
    if (context) context.viewAsClientId = viewedClientId;
  }
  if (!access.roles.includes(actingRoleOf(session.role, request.viewAsClientId))) {
    await deny(request, session, 'role', {});
  }
}

// A mimic session never changes the mimicked user's sign-in e-mail.
export async function refuseSignInEmailChange(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.access;
  const session = request.session;
  if (access?.kind !== 'authenticated' || !access.signInEmail || !session?.mimickedByUserId) return;
  const userId = readRequestField(request, { from: 'body', key: access.signInEmail.userIdKey });
  const email = readRequestField(request, { from: 'body', key: access.signInEmail.emailKey });
  if (userId !== session.userId || typeof email !== 'string') return;
  if (normalizeEmailAddress(email) !== normalizeEmailAddress(session.email)) {
    await deny(request, session, 'mimic_session', {});
  }
}

// From the facts read with the session when they are of this merchant, else a query of its own;
// either way merchant-scope decides (in a mimic session, on the person behind it too).
function decideOn(
  db: Db,
  request: FastifyRequest,
  session: SessionContext,
  merchantId: string,
  permission: PermissionName | undefined,
): Promise<MerchantAccess> {
  const prefetched = request.prefetchedAccess;
  const facts =
    prefetched?.merchant?.id === merchantId
      ? prefetched.merchant.facts
      : prefetched?.viewed?.id === merchantId
        ? prefetched.viewed.facts
        : null;
  return facts
    ? decideMerchantAccessFromFacts(db, session, merchantId, facts, permission)
    : decideMerchantAccess(db, session, merchantId, permission);
}

function isPermittedAnywhere(
  db: Db,
  request: FastifyRequest,
  session: SessionContext,
  permission: PermissionName,
) {
  const facts = request.prefetchedAccess?.permissionHolder;
  return facts
    ? hasPermissionAnywhereFromFacts(db, session, facts, permission)
    : hasPermissionAnywhere(db, session, permission);
}

function isMerchantWithinViewed(db: Db, request: FastifyRequest, viewed: string, merchantId: string) {
  const prefetched = request.prefetchedAccess;
  const isWithin =
    prefetched?.viewed?.id === viewed && prefetched.merchant?.id === merchantId
      ? prefetched.viewed.isMerchantWithin
      : null;
  return isWithin ?? isWithinViewedClient(db, viewed, merchantId);
}

// Merchant and permission checks need the validated params, query or body. A merchant that passes
// is set on request.merchantAccess for the handler.
export async function checkNamedMerchant(db: Db, request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.access;
  if (!access || access.kind === 'public' || (!access.merchant && !access.permission)) return;
  const session = request.requireSession();
  const viewed = request.viewAsClientId;
  const selected = access.merchant ? readRequestField(request, access.merchant) : undefined;
  if (selected === undefined || selected === null) {
    if (!access.permission) return;
    // Viewing as a client, a call without a merchant is a call on the viewed client.
    const isGranted =
      viewed === null
        ? await isPermittedAnywhere(db, request, session, access.permission)
        : (await decideOn(db, request, session, viewed, access.permission)).isAllowed;
    if (!isGranted) await deny(request, session, 'permission', { permission: access.permission });
    return;
  }
  if (typeof selected !== 'string' || !uuidShape.test(selected)) throw invalidRequest();
  if (viewed !== null && !(await isMerchantWithinViewed(db, request, viewed, selected))) {
    await deny(request, session, 'merchant', { merchantId: selected });
    return;
  }
  const decision = await decideOn(db, request, session, selected, access.permission);
  if (!decision.isAllowed) {
    await deny(request, session, decision.reason, {
      merchantId: selected,
      ...(access.permission ? { permission: access.permission } : {}),
    });
    return;
  }
  request.merchantAccess = {
    merchantId: selected,
    merchantExists: decision.merchantExists,
    effectivePermissions: decision.effectivePermissions,
    locationIds: decision.locationIds,
  };
}
