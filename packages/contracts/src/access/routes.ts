import type { UserType } from '../auth/roles';

// The portal's route table with its access metadata, read by the web router (guard,
// layouts, titles) and by the server. Paths are relative to the base path and use the router's
// pattern syntax: ':name' is one segment, a trailing '?' makes it optional.

export const portalBasePath = '/app';
// '/' redirects here.
export const portalDefaultPath = '/home';
export const portalLoginPath = '/login';
// After the first factor, where a user with an authenticator app types its code.
export const portalSecondFactorPath = '/second-factor';

// 'public': no session needed (the product's "none needed", "none", "no authentication").
// 'guestsOnly': the sign-in screens; a signed-in user is sent to /home.
// 'signedIn': any signed-in user, whatever the role (the product shows no roles for the page).
// A list of roles: a signed-in user whose acting role is listed.
export type RouteAccess = readonly UserType[] | 'public' | 'guestsOnly' | 'signedIn';

// 'plain' is the product's default wrapper (and its "no layout").
export const routeLayouts = ['auth', 'management', 'plain'] as const;
export type RouteLayout = (typeof routeLayouts)[number];

export type PortalRouteDefinition = {
  path: string;
  access: RouteAccess;
  // Document title (a generic product name when a route sets none).
  title: string;
  layout: RouteLayout;
  // false: calls from this page never carry the viewed-as client id. Set where the page
  // names its own subject (an API key or client id in the path) or runs without a session.
  clientView: boolean;
  // true: the sidebar shows only when the URL carries ?showMenu=true.
  showMenuOnlyWithQuery: boolean;
};

const CLIENT_ROLES = ['admin', 'user', 'parent', 'healnow'] as const;
const MERCHANT_ROLES = ['admin', 'user', 'parent'] as const;
const ADMIN_ONLY = ['admin'] as const;
const ADMIN_AND_WHITE_LABEL = ['admin', 'healnow'] as const;
const ADMIN_AND_ALPHA = ['admin', 'alpha'] as const;

type ManagementRouteFields = { layout: 'management'; clientView: true; showMenuOnlyWithQuery: false };
const MANAGEMENT: ManagementRouteFields = {
  layout: 'management',
  clientView: true,
  showMenuOnlyWithQuery: false,
};
const WITHOUT_SESSION = { clientView: false, showMenuOnlyWithQuery: false } as const;

const portalRouteDefinitions = [
  // Sign-in screens; /sign-up is named in the notes of the product's route table.
  { path: '/login', access: 'guestsOnly', title: 'Login', layout: 'auth', ...WITHOUT_SESSION },
  { path: '/sso', access: 'guestsOnly', title: 'Signing in', layout: 'auth', ...WITHOUT_SESSION },
  // Public so a link opened in a browser that is already signed in still completes.
  { path: '/verify-email', access: 'public', title: 'Verify email', layout: 'auth', ...WITHOUT_SESSION },
  { path: '/sign-up', access: 'guestsOnly', title: 'Sign up', layout: 'auth', ...WITHOUT_SESSION },
  // After the first factor, a user with an authenticator app types its code here; the waiting session
  // is not signed in yet, so the page is for guests.
  {
    path: '/second-factor',
    access: 'guestsOnly',
    title: 'Two-step verification',
    layout: 'auth',
    ...WITHOUT_SESSION,
  },
  // The 'Forgot password?' link's page; public, like /verify-email, so it works in any browser.
  {
    path: '/reset-password',
    access: 'public',
    title: 'Set a new password',
    layout: 'auth',
    ...WITHOUT_SESSION,
  },

  // Public pages in the plain wrapper; /contact is named in the notes of the product's route table.
  { path: '/unsubscribe', access: 'public', title: 'Unsubscribe', layout: 'plain', ...WITHOUT_SESSION },
  // '{seriesId}+{merchantName}+{amount}' is one path segment, split on '+' by the page.
  {
    path: '/unsubscribe/:subscription',
    access: 'public',
    title: 'Unsubscribe',
    layout: 'plain',
    ...WITHOUT_SESSION,
  },
  {
    path: '/createlink/:apikey?',
    access: 'public',
    title: 'Payment Link Builder',
    layout: 'plain',
    ...WITHOUT_SESSION,
  },
  { path: '/contact', access: 'public', title: 'Contact', layout: 'plain', ...WITHOUT_SESSION },
  // Click-to-agree application and terms: the merchant is not signed in; the
  // link's token is the authorization.
  {
    path: '/enroll/:parent_id/:id',
    access: 'public',
    title: 'Merchant Application',
    layout: 'plain',
    ...WITHOUT_SESSION,
  },
  {
    path: '/enroll/:id',
    access: 'public',
    title: 'Merchant Application',
    layout: 'plain',
    ...WITHOUT_SESSION,
  },
  {
    path: '/terms/:id',
    access: 'public',
    title: 'Terms and Conditions',
    layout: 'plain',
    ...WITHOUT_SESSION,
  },
  {
    path: '/terms/:id/:enrollment_id',
    access: 'public',
    title: 'Terms and Conditions',
    layout: 'plain',
    ...WITHOUT_SESSION,
  },
  // Developer certification enrollment: "no layout" in the product's text.
  {
    path: '/certregistration',
    access: ['admin', 'parent'],
    title: 'Developer Certification',
    layout: 'plain',
    clientView: true,
    showMenuOnlyWithQuery: false,
  },

  // Management pages
  { path: '/home', access: CLIENT_ROLES, title: 'Home', ...MANAGEMENT },
  { path: '/users', access: CLIENT_ROLES, title: 'Users', ...MANAGEMENT },
  // The API key in the path is the page's bearer authorization.
  {
    path: '/virtual-terminal/:apikey',
    access: MERCHANT_ROLES,
    title: 'Virtual Terminal',
    layout: 'management',
    clientView: false,
    showMenuOnlyWithQuery: false,
  },
  {
    path: '/configure-terminal/:apikey',
    access: MERCHANT_ROLES,
    title: 'Configure Terminal',
    layout: 'management',
    clientView: false,
    showMenuOnlyWithQuery: false,
  },
  { path: '/payouts', access: MERCHANT_ROLES, title: 'Statements', ...MANAGEMENT },
  // Portico's own; the disputes of the caller's merchants, scoped on the server by the Disputes grant.
  { path: '/disputes', access: MERCHANT_ROLES, title: 'Disputes', ...MANAGEMENT },
  { path: '/disputes/:id', access: MERCHANT_ROLES, title: 'Dispute', ...MANAGEMENT },
  { path: '/reporting', access: MERCHANT_ROLES, title: 'Reporting', ...MANAGEMENT },
  { path: '/reporting/classic', access: MERCHANT_ROLES, title: 'Reporting', ...MANAGEMENT },
  { path: '/reporting/search', access: MERCHANT_ROLES, title: 'Transaction Search', ...MANAGEMENT },
  { path: '/vault', access: MERCHANT_ROLES, title: 'Vault', ...MANAGEMENT },
  // The transaction detail viewer opens /receipt?id={transaction id} in a new tab, a printable page.
  {
    path: '/receipt',
    access: MERCHANT_ROLES,
    title: 'Receipt',
    layout: 'plain',
    clientView: true,
    showMenuOnlyWithQuery: false,
  },

  { path: '/statement', access: MERCHANT_ROLES, title: 'Statement', ...MANAGEMENT },
  { path: '/report/recurring', access: MERCHANT_ROLES, title: 'Recurring Charges', ...MANAGEMENT },
  { path: '/terminals', access: MERCHANT_ROLES, title: 'Terminals', ...MANAGEMENT },
  // The product's route table lists admin only, but its menu offers Mimic to alpha and parent with
  // Permissions; the server decides whom each may mimic.
  { path: '/mimic', access: ['admin', 'alpha', 'parent'], title: 'Mimic', ...MANAGEMENT },
  { path: '/key-entry', access: ADMIN_ONLY, title: 'Key Entry', ...MANAGEMENT },
  { path: '/monthly-billing', access: ADMIN_ONLY, title: 'Monthly Billing', ...MANAGEMENT },
  // The product's route table lists admin only for accounts and merchants, but its menu offers Admin
  // Accounts to healnow and Accounts to parents and merchant users with Merchant Accounts; the server
  // scopes both lists to the caller's merchants.
  { path: '/accounts', access: ADMIN_AND_WHITE_LABEL, title: 'Admin Accounts', ...MANAGEMENT },
  // The account detail page: every role whose menu or list leads to it, each caller scoped to the
  // accounts it reaches by the server.
  {
    path: '/account/:clientid',
    access: CLIENT_ROLES,
    title: 'Account',
    layout: 'management',
    clientView: false,
    showMenuOnlyWithQuery: false,
  },
  // The account data page, the provider's staff view of an account (Enablement Options are staff
  // only).
  {
    path: '/account/:clientid/data',
    access: ADMIN_AND_WHITE_LABEL,
    title: 'Account Data',
    layout: 'management',
    clientView: false,
    showMenuOnlyWithQuery: false,
  },
  { path: '/merchants', access: MERCHANT_ROLES, title: 'Accounts', ...MANAGEMENT },
  { path: '/admin-reporting', access: ADMIN_ONLY, title: 'Admin Reporting', ...MANAGEMENT },
  {
    path: '/admin-reporting/with-snowflake',
    access: ADMIN_ONLY,
    title: 'Warehouse Reporting',
    ...MANAGEMENT,
  },
  {
    path: '/admin-reporting/all-internal/:sourceName',
    access: ADMIN_ONLY,
    title: 'Internal Reporting',
    ...MANAGEMENT,
  },
  // The product's route table lists admin only, but its menu offers Billing to parents and merchant users with
  // Payouts; the server scopes the bills to the caller's merchants.
  { path: '/billing', access: MERCHANT_ROLES, title: 'Billing', ...MANAGEMENT },
  { path: '/costing', access: ADMIN_ONLY, title: 'Costing', ...MANAGEMENT },
  { path: '/risk', access: ADMIN_ONLY, title: 'Risk Dashboard', ...MANAGEMENT },
  // A parent sees its revenue share (its sub-merchants only, scoped on the server); the
  // menu entry stays the product's, admin only.
  { path: '/rev-share', access: ['admin', 'parent'], title: 'Rev Share', ...MANAGEMENT },
  { path: '/revshareadmin', access: ADMIN_ONLY, title: 'Revenue Sharing Admin', ...MANAGEMENT },
  // Portico's own; the append-only audit trail, for the provider's staff.
  { path: '/audit', access: ADMIN_ONLY, title: 'Audit Log', ...MANAGEMENT },
  // Portico's own; the job runner's runs and failures for the provider's staff.
  { path: '/jobs', access: ADMIN_ONLY, title: 'Jobs', ...MANAGEMENT },
  // Portico's own; webhook endpoints and their delivery log (the server asks for the Developers permission).
  { path: '/developers', access: MERCHANT_ROLES, title: 'Developers', ...MANAGEMENT },
  // The product's route table gives admin and healnow; its menu offers Onboarding to users who are members of a
  // parent too. Followed with scoping: such a user sees the enrollments under the parents it acts for.
  { path: '/onboarding', access: ['admin', 'healnow', 'user'], title: 'Onboarding', ...MANAGEMENT },
  { path: '/operations', access: ADMIN_AND_WHITE_LABEL, title: 'Operations', ...MANAGEMENT },
  // The Operations page's 'Report links', for the same staff.
  { path: '/report/revshare', access: ADMIN_AND_WHITE_LABEL, title: 'Revenue Share', ...MANAGEMENT },
  { path: '/report/payout', access: ADMIN_AND_WHITE_LABEL, title: 'Payouts Report', ...MANAGEMENT },
  { path: '/report/subpricing', access: ADMIN_AND_WHITE_LABEL, title: 'Sub Pricing', ...MANAGEMENT },
  { path: '/report/mcc', access: ADMIN_AND_WHITE_LABEL, title: 'MCC Codes', ...MANAGEMENT },
  { path: '/report/documents', access: ADMIN_AND_WHITE_LABEL, title: 'Documents Report', ...MANAGEMENT },
  // The enrollment page's KYC Actions link here: an enrollment's KYC result and log, for the staff who run KYC.
  { path: '/report/kyc/:id', access: ADMIN_AND_WHITE_LABEL, title: 'KYC Report', ...MANAGEMENT },
  // A parent's approved MCC codes, linked from the enrollment page like /onboard/{id}.
  {
    path: '/reports/mcc/:parent_id',
    access: ['admin', 'healnow', 'parent'],
    title: 'Approved MCC Codes',
    ...MANAGEMENT,
  },
  {
    path: '/onboard/:id',
    // 'user': the parent members the Onboarding grid is opened to; the server checks the enrollment's
    // parent is one the caller reaches.
    access: ['admin', 'healnow', 'parent', 'user'],
    title: 'Enrollment',
    layout: 'management',
    clientView: false,
    showMenuOnlyWithQuery: false,
  },
  // The product's route table lists admin and user, but its menu offers Certification to every client role
  // whose account is in certification; GET /api/certification is scoped to the caller's client.
  { path: '/certification-page', access: CLIENT_ROLES, title: 'Certification', ...MANAGEMENT },
  // The product's route table lists admin and user, but its menu offers Create Enrollment to parent members of
  // every client role and parents enroll their merchants: a menu entry must not lead to
  // 'Not allowed'. Healnow staff enroll under any parent, as they review every enrollment.
  { path: '/enroll-portal-page', access: CLIENT_ROLES, title: 'Enroll', ...MANAGEMENT },
  // The signed-in user's own sign-in and security (sessions, password, second factors), for every role.
  { path: '/settings', access: 'signedIn', title: 'Settings', ...MANAGEMENT },
  // The signed-in user's own server-side exports ('All matching rows'), for every role.
  { path: '/exports', access: 'signedIn', title: 'Exports', ...MANAGEMENT },
  { path: '/permissions', access: ADMIN_AND_ALPHA, title: 'Permissions', ...MANAGEMENT },
  { path: '/sublocations', access: ADMIN_AND_ALPHA, title: 'Sublocations', ...MANAGEMENT },
  // The product gives it no roles and files it under public pages, but its upload call writes into a
  // client's documents, which needs a session; the server checks the caller's access to the client.
  {
    path: '/documents/upload/:clientid',
    access: 'signedIn',
    title: 'Upload Documents',
    layout: 'management',
    clientView: false,
    showMenuOnlyWithQuery: true,
  },
] as const satisfies readonly PortalRouteDefinition[];

export type PortalRoutePath = (typeof portalRouteDefinitions)[number]['path'];
export type PortalRoute = PortalRouteDefinition & { path: PortalRoutePath };

export const portalRoutes: readonly PortalRoute[] = portalRouteDefinitions;

function pathSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function doSegmentsMatch(patternSegments: readonly string[], pathnameSegments: readonly string[]): boolean {
  const [pattern, ...restOfPattern] = patternSegments;
  if (pattern === undefined) return pathnameSegments.length === 0;
  const isOptional = pattern.endsWith('?');
  const [segment, ...restOfPathname] = pathnameSegments;
  if (isOptional && doSegmentsMatch(restOfPattern, pathnameSegments)) return true;
  if (segment === undefined) return false;
  const isParameter = pattern.startsWith(':');
  // Static segments compare case-insensitively, as the web router does.
  const isSegmentMatch = isParameter || pattern.toLowerCase() === segment.toLowerCase();
  return isSegmentMatch && doSegmentsMatch(restOfPattern, restOfPathname);
}

export function doesPathPatternMatchPathname(pattern: string, pathname: string): boolean {
  return doSegmentsMatch(pathSegments(pattern), pathSegments(pathname));
}

// pathname is relative to the base path, without query or hash.
export function findPortalRouteForPathname(pathname: string): PortalRoute | undefined {
  return portalRoutes.find((route) => doesPathPatternMatchPathname(route.path, pathname));
}

// '/app/home' -> '/home'; null for a path outside the portal ('/application', '/api/user').
export function portalPathnameFromUrlPathname(urlPathname: string): string | null {
  if (urlPathname === portalBasePath) return '/';
  if (!urlPathname.startsWith(`${portalBasePath}/`)) return null;
  return urlPathname.slice(portalBasePath.length);
}

export type RouteAccessDecision = 'allow' | 'signInRequired' | 'alreadySignedIn' | 'roleNotAllowed';

// signedInActingRole: null when nobody is signed in; otherwise the acting role (user while viewing as).
export function decideRouteAccess(
  access: RouteAccess,
  signedInActingRole: UserType | null,
): RouteAccessDecision {
  if (access === 'public') return 'allow';
  const isSignedIn = signedInActingRole !== null;
  if (access === 'guestsOnly') return isSignedIn ? 'alreadySignedIn' : 'allow';
  if (!isSignedIn) return 'signInRequired';
  if (access === 'signedIn') return 'allow';
  return access.includes(signedInActingRole) ? 'allow' : 'roleNotAllowed';
}
