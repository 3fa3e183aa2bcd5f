import type { PermissionName } from '@portico/contracts/access/permission-names';
import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import type { UserType } from '@portico/contracts/auth/roles';
import type { FastifyRequest } from 'fastify';
import type { ProcessorAuditRule } from './processor-audit';
import type { RequestAccessPlan } from './request-session.repository';

export type UserRole = UserType;

// Where a route reads the merchant it acts on, after validation (so the value is a checked uuid).
export type MerchantSelector = { from: 'params' | 'query' | 'body'; key: string };

// Every route declares who may call it: deny by default.
// public: anyone; readsSession makes the session (if any) available to the handler.
// authenticated: a live session whose role is listed; with merchant, the merchant must be within the
// caller's reach; with permission, the caller must hold it (on that merchant, or, when the route
// names no merchant, on any merchant of theirs by the hasPermission rule).
// processorAudit 'allowed': processor-audit users may call it although its method is unsafe (a search
// sent as POST, the caller's own session or preferences); every other unsafe call is refused to them.
// mimicSession 'refused': not callable from a mimic session (no mimicking from a mimic session, no
// change to the mimicked user's sign-in e-mail or identities).
// secondFactorPending 'allowed': callable by a session that waits for its second factor (the
// challenge, the session check, logout); every other route refuses such a session with 401
// SECOND_FACTOR_REQUIRED, and a public route reads it as no session.
// signInEmail: where a write names a user and that user's new sign-in e-mail; in a mimic session a
// change of the mimicked user's own e-mail is refused, other edits go through.
// secondFactorPending 'enrolment': callable only by a waiting session whose user must set up a first
// second factor (the set-up of an authenticator app or a passkey).
// stepUp 'required': a sensitive action; the second factor must have been proved in this session
// within the step-up window, else 403 SECOND_FACTOR_STEP_UP_REQUIRED (access/step-up.ts).
export type MimicSessionRule = 'refused';
export type SecondFactorPendingRule = 'allowed' | 'enrolment';
export type StepUpRule = 'required';
export type SignInEmailSelector = { userIdKey: string; emailKey: string };
export type RouteAccess =
  | {
      kind: 'public';
      readsSession?: boolean;
      processorAudit?: ProcessorAuditRule;
      mimicSession?: MimicSessionRule;
      secondFactorPending?: SecondFactorPendingRule;
    }
  | {
      kind: 'authenticated';
      roles: readonly UserRole[];
      permission?: PermissionName;
      merchant?: MerchantSelector;
      processorAudit?: ProcessorAuditRule;
      mimicSession?: MimicSessionRule;
      secondFactorPending?: SecondFactorPendingRule;
      signInEmail?: SignInEmailSelector;
      stepUp?: StepUpRule;
    };

export const publicAccess: RouteAccess = { kind: 'public' };
export const publicAccessReadingSession: RouteAccess = { kind: 'public', readsSession: true };

// Routes that plugins register for us (docs UI, static files of the portal) are public by nature.
const pluginOwnedPrefixes = ['/api/docs', '/app'];

export function isPluginOwned(url: string): boolean {
  return url === '/' || pluginOwnedPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export type RouteCatalogEntry = { method: string; url: string; access: RouteAccess };

// The route as the audit log names it: "METHOD /pattern".
export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url}`;
}

export const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readRequestField(request: FastifyRequest, selector: MerchantSelector): unknown {
  const source: unknown =
    selector.from === 'params' ? request.params : selector.from === 'query' ? request.query : request.body;
  if (typeof source !== 'object' || source === null || !(selector.key in source)) return undefined;
  return Object.entries(source).find(([key]) => key === selector.key)?.[1];
}

function rawUuidOf(value: unknown): string | null {
  return typeof value === 'string' && uuidShape.test(value) ? value : null;
}

// What the session lookup reads for the decision in the same round trip. The merchant named in the
// path or query string and the viewAs client are read before validation, so the decision uses their
// facts only when the validated value is the same; a merchant in the body is known only after the
// body is read, and costs a round trip of its own.
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
