import type { PermissionName } from '@portico/contracts/access/permission-names';
import { processorAuditReadOnlyText } from '@portico/contracts/access/processor-audit';
import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import { normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import type { UserType } from '@portico/contracts/auth/roles';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { auditRequestContext, requestOrigin } from '../lib/audit';
import { createDenialAuditor } from '../lib/denial-audit';
import {
  canViewAs,
  canViewAsFromFacts,
  decideMerchantAccess,
  decideMerchantAccessFromFacts,
  hasPermissionAnywhere,
  hasPermissionAnywhereFromFacts,
  isWithinViewedClient,
  type MerchantAccess,
} from '../modules/rbac/rbac.service';
import type { RequestAccessPlan } from '../modules/session/session.repository';
import type { SessionContext } from '../modules/session/session.service';
import { isRefusedToProcessorAuditUser, type ProcessorAuditRule } from './processor-audit';

export type UserRole = UserType;

// Where a route reads the merchant it acts on, after validation (so the value is a checked uuid).
export type MerchantSelector = { from: 'params' | 'query' | 'body'; key: string };

// Every route declares who may call it (design.md §4: deny by default).
// public: anyone; readsSession makes the session (if any) available to the handler.
// authenticated: a live session whose role is listed; with merchant, the merchant must be within the
// caller's reach; with permission, the caller must hold it (on that merchant, or by spec 1 §6
// hasPermission when the route names no merchant).
// processorAudit 'allowed': processor-audit users may call it although its method is unsafe (a search
// sent as POST, the caller's own session or preferences); every other unsafe call is refused to them.
// mimicSession 'refused': not callable from a mimic session (issue 15: no mimicking from a mimic
// session, no change to the mimicked user's sign-in e-mail or identities).
// signInEmail: where a write names a user and that user's new sign-in e-mail; in a mimic session a
// change of the mimicked user's own e-mail is refused (issue 15), other edits go through.
export type MimicSessionRule = 'refused';
export type SignInEmailSelector = { userIdKey: string; emailKey: string };
export type RouteAccess =
  | {
      kind: 'public';
      readsSession?: boolean;
      processorAudit?: ProcessorAuditRule;
      mimicSession?: MimicSessionRule;
    }
  | {
      kind: 'authenticated';
      roles: readonly UserRole[];
      permission?: PermissionName;
      merchant?: MerchantSelector;
      processorAudit?: ProcessorAuditRule;
      mimicSession?: MimicSessionRule;
      signInEmail?: SignInEmailSelector;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const publicAccess: RouteAccess = { kind: 'public' };
export const publicAccessReadingSession: RouteAccess = { kind: 'public', readsSession: true };

// Routes that plugins register for us (docs UI, static files of the portal) are public by nature.
const pluginOwnedPrefixes = ['/api/docs', '/app'];

export function isPluginOwned(url: string): boolean {
  return url === '/' || pluginOwnedPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export type RouteCatalogEntry = { method: string; url: string; access: RouteAccess };

export type MerchantAccessContext = {
  merchantId: string;
  // false only for staff naming a merchant that does not exist (others get a 403 first).
  merchantExists: boolean;
  effectivePermissions: readonly PermissionName[];
  // The caller's sub-locations at the merchant; empty: every location (issue 15 item 4).
  locationIds: readonly string[];
};

declare module 'fastify' {
  interface FastifyInstance {
    // Every registered route with its access rule: the authorization matrix and the fuzz test walk it.
    routeCatalog: RouteCatalogEntry[];
  }
  interface FastifyRequest {
    // Set on routes with a merchant selector once the caller passed the merchant checks.
    merchantAccess: MerchantAccessContext | null;
    // Spec 1 §1 view-as: the client the caller views the product as (the viewAs query parameter,
    // checked), or null. While set, the caller acts as role user within that client.
    viewAsClientId: string | null;
    // The session of an authenticated route; throws 401 if there is none.
    requireSession(): SessionContext;
  }
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function unauthenticated() {
  return new AppError(CommonErrorCode.Unauthenticated, 'unauthenticated', 'Sign in to continue');
}

const forbiddenText = {
  role: 'You are not allowed to do this',
  merchant: 'You do not have access to this merchant',
  permission: 'You do not have permission to do this',
  processor_audit: processorAuditReadOnlyText,
  mimic_session: 'Not allowed while mimicking a user',
} as const;

// The viewAs parameter belongs to the access layer: taken out before the route's schema sees it.
function takeViewAsParameter(request: FastifyRequest): unknown {
  const query: unknown = request.query;
  if (typeof query !== 'object' || query === null || !(VIEW_AS_QUERY_PARAM in query)) return undefined;
  const value: unknown = Reflect.get(query, VIEW_AS_QUERY_PARAM);
  Reflect.deleteProperty(query, VIEW_AS_QUERY_PARAM);
  return value;
}

function invalidRequest() {
  return new AppError(CommonErrorCode.ValidationFailed, 'validation', 'The request is not valid');
}

function readRequestField(request: FastifyRequest, selector: MerchantSelector): unknown {
  const source: unknown =
    selector.from === 'params' ? request.params : selector.from === 'query' ? request.query : request.body;
  if (typeof source !== 'object' || source === null || !(selector.key in source)) return undefined;
  return Object.entries(source).find(([key]) => key === selector.key)?.[1];
}

function rawUuidOf(value: unknown): string | null {
  return typeof value === 'string' && uuidShape.test(value) ? value : null;
}

// Issue 15 "Speed": what the session lookup reads for the decision in the same round trip. The
// merchant named in the path or query string and the viewAs client are read before validation, so
// the decision below uses their facts only when the validated value is the same; a merchant in the
// body is known only after the body is read, and costs a round trip of its own.
export function requestAccessPlanOf(request: FastifyRequest): RequestAccessPlan {
  const access = request.routeOptions.config.access;
  if (access?.kind !== 'authenticated')
    return { merchantId: null, viewedClientId: null, permissionAnywhere: false };
  const viewAs = readRequestField(request, { from: 'query', key: VIEW_AS_QUERY_PARAM });
  const selector = access.merchant;
  const merchant = selector && selector.from !== 'body' ? readRequestField(request, selector) : undefined;
  const isNamingNoMerchant = selector === undefined || (selector.from !== 'body' && merchant === undefined);
  return {
    merchantId: rawUuidOf(merchant),
    viewedClientId: rawUuidOf(viewAs)?.toLowerCase() ?? null,
    permissionAnywhere: access.permission !== undefined && viewAs === undefined && isNamingNoMerchant,
  };
}

export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('routeCatalog', []);
    app.decorateRequest('merchantAccess', null);
    app.decorateRequest('viewAsClientId', null);
    app.decorateRequest('requireSession', function (this: FastifyRequest) {
      if (!this.session) throw unauthenticated();
      return this.session;
    });

    const denials = createDenialAuditor(app.db, () => app.now(), app.log);
    const sweepTimer = setInterval(() => denials.sweep(), 60_000);
    sweepTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweepTimer);
      denials.sweep(true);
    });

    app.addHook('onRoute', (route) => {
      let access = route.config?.access;
      if (!access && isPluginOwned(route.url)) {
        access = publicAccess;
        route.config = { ...route.config, access };
      }
      // Fail at start-up, not at run time: a route without an access rule is a defect.
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) app.routeCatalog.push({ method, url: route.url, access });
    });

    async function deny(
      request: FastifyRequest,
      session: SessionContext,
      reason: keyof typeof forbiddenText,
      details: { merchantId?: string; permission?: string },
    ): Promise<never> {
      // Denials are written on their own (no change to commit them with), one row per actor, route
      // and minute.
      await denials.record({
        action: 'authorization_denied',
        outcome: 'denied',
        actorUserId: session.userId,
        actorEmail: session.email,
        targetType: 'route',
        targetId: `${request.method} ${request.routeOptions.url ?? request.url}`,
        clientId: details.merchantId ?? null,
        ...requestOrigin(request),
        details: {
          reason,
          role: session.role,
          ...(details.permission ? { permission: details.permission } : {}),
        },
      });
      throw new AppError(CommonErrorCode.Forbidden, 'forbidden', forbiddenText[reason]);
    }

    // Roles are checked before the body is even read; viewing as a client makes the role user.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      const viewAs = takeViewAsParameter(request);
      if (!access) return;
      const session = request.session;
      // Issue 12: an auditor's write is refused before its body is read, whatever the route's roles;
      // public routes that read the session are covered too.
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
            ? canViewAsFromFacts(session, prefetched.facts)
            : await canViewAs(app.db, session, viewedClientId);
        if (!isAllowed) {
          await deny(request, session, 'merchant', { merchantId: viewedClientId });
        }
        request.viewAsClientId = viewedClientId;
        const context = auditRequestContext.getStore();
        if (context) context.viewAsClientId = viewedClientId;
      }
      const actingRole: UserRole = request.viewAsClientId === null ? session.role : 'user';
      if (!access.roles.includes(actingRole)) await deny(request, session, 'role', {});
    });

    // Issue 15: a mimic session never changes the mimicked user's sign-in e-mail.
    app.addHook('preHandler', async (request) => {
      const access = request.routeOptions.config.access;
      const session = request.session;
      if (access?.kind !== 'authenticated' || !access.signInEmail || !session?.mimickedByUserId) return;
      const userId = readRequestField(request, { from: 'body', key: access.signInEmail.userIdKey });
      const email = readRequestField(request, { from: 'body', key: access.signInEmail.emailKey });
      if (userId !== session.userId || typeof email !== 'string') return;
      if (normalizeEmailAddress(email) !== normalizeEmailAddress(session.email)) {
        await deny(request, session, 'mimic_session', {});
      }
    });

    // From the facts read with the session when they are of this merchant, else a query of its own.
    function decideOn(
      request: FastifyRequest,
      session: SessionContext,
      merchantId: string,
      permission: PermissionName | undefined,
    ): Promise<MerchantAccess> | MerchantAccess {
      const prefetched = request.prefetchedAccess;
      const facts =
        prefetched?.merchant?.id === merchantId
          ? prefetched.merchant.facts
          : prefetched?.viewed?.id === merchantId
            ? prefetched.viewed.facts
            : null;
      return facts
        ? decideMerchantAccessFromFacts(session, facts, permission)
        : decideMerchantAccess(app.db, session, merchantId, permission);
    }

    function isPermittedAnywhere(
      request: FastifyRequest,
      session: SessionContext,
      permission: PermissionName,
    ) {
      const facts = request.prefetchedAccess?.permissionHolder;
      return facts
        ? hasPermissionAnywhereFromFacts(session, facts, permission)
        : hasPermissionAnywhere(app.db, session, permission);
    }

    function isMerchantWithinViewed(request: FastifyRequest, viewed: string, merchantId: string) {
      const prefetched = request.prefetchedAccess;
      const isWithin =
        prefetched?.viewed?.id === viewed && prefetched.merchant?.id === merchantId
          ? prefetched.viewed.isMerchantWithin
          : null;
      return isWithin ?? isWithinViewedClient(app.db, viewed, merchantId);
    }

    // Merchant and permission checks need the validated params, query or body.
    app.addHook('preHandler', async (request) => {
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
            ? await isPermittedAnywhere(request, session, access.permission)
            : (await decideOn(request, session, viewed, access.permission)).isAllowed;
        if (!isGranted) await deny(request, session, 'permission', { permission: access.permission });
        return;
      }
      if (typeof selected !== 'string' || !uuidShape.test(selected)) throw invalidRequest();
      if (viewed !== null && !(await isMerchantWithinViewed(request, viewed, selected))) {
        await deny(request, session, 'merchant', { merchantId: selected });
        return;
      }
      const decision = await decideOn(request, session, selected, access.permission);
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
    });
  },
  { name: 'access' },
);
