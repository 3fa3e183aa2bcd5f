import { describe, expect, it } from 'vitest';
import type { UserType } from '../auth/roles';
import {
  decideRouteAccess,
  doesPathPatternMatchPathname,
  findPortalRouteForPathname,
  type PortalRoute,
  portalPathnameFromUrlPathname,
  portalRoutes,
  type RouteAccess,
} from './routes';

function accessOf(path: string): RouteAccess | undefined {
  return portalRoutes.find((route) => route.path === path)?.access;
}

describe('portalRoutes', () => {
  // The product's route table, row by row (plus /sign-up and /contact from its notes), with the access each row gives.
  const specRows: [string, RouteAccess][] = [
    ['/unsubscribe', 'public'],
    ['/unsubscribe/:subscription', 'public'],
    ['/home', ['admin', 'user', 'parent', 'healnow']],
    ['/users', ['admin', 'user', 'parent', 'healnow']],
    ['/virtual-terminal/:apikey', ['admin', 'user', 'parent']],
    ['/configure-terminal/:apikey', ['admin', 'user', 'parent']],
    ['/payouts', ['admin', 'user', 'parent']],
    // Cardholder disputes and one dispute.
    ['/disputes', ['admin', 'user', 'parent']],
    ['/disputes/:id', ['admin', 'user', 'parent']],
    ['/reporting', ['admin', 'user', 'parent']],
    ['/reporting/classic', ['admin', 'user', 'parent']],
    ['/reporting/search', ['admin', 'user', 'parent']],
    ['/vault', ['admin', 'user', 'parent']],
    ['/statement', ['admin', 'user', 'parent']],
    ['/report/recurring', ['admin', 'user', 'parent']],
    ['/terminals', ['admin', 'user', 'parent']],
    // The menu's roles, not the route table's admin only: a menu entry must not lead to a refusal.
    ['/mimic', ['admin', 'alpha', 'parent']],
    ['/key-entry', ['admin']],
    ['/monthly-billing', ['admin']],
    // The menu's roles for Admin Accounts and Accounts, each scoped on the server.
    ['/accounts', ['admin', 'healnow']],
    ['/account/:clientid', ['admin', 'user', 'parent', 'healnow']],
    // The account data page with Manage Processor Enablement, staff only.
    ['/account/:clientid/data', ['admin', 'healnow']],
    ['/merchants', ['admin', 'user', 'parent']],
    ['/admin-reporting', ['admin']],
    ['/admin-reporting/with-snowflake', ['admin']],
    ['/admin-reporting/all-internal/:sourceName', ['admin']],
    // The menu's roles for Billing, scoped on the server.
    ['/billing', ['admin', 'user', 'parent']],
    ['/costing', ['admin']],
    ['/risk', ['admin']],
    ['/rev-share', ['admin', 'parent']],
    ['/revshareadmin', ['admin']],
    ['/onboarding', ['admin', 'healnow', 'user']],
    ['/operations', ['admin', 'healnow']],
    // The Operations page's report links, for the same staff.
    ['/report/revshare', ['admin', 'healnow']],
    ['/report/payout', ['admin', 'healnow']],
    ['/report/subpricing', ['admin', 'healnow']],
    ['/report/mcc', ['admin', 'healnow']],
    ['/report/documents', ['admin', 'healnow']],
    ['/report/kyc/:id', ['admin', 'healnow']],
    ['/reports/mcc/:parent_id', ['admin', 'healnow', 'parent']],
    ['/onboard/:id', ['admin', 'healnow', 'parent', 'user']],
    ['/certification-page', ['admin', 'user', 'parent', 'healnow']],
    ['/enroll-portal-page', ['admin', 'user', 'parent', 'healnow']],
    ['/permissions', ['admin', 'alpha']],
    ['/sublocations', ['admin', 'alpha']],
    ['/certregistration', ['admin', 'parent']],
    ['/documents/upload/:clientid', 'signedIn'],
    ['/createlink/:apikey?', 'public'],
    ['/login', 'guestsOnly'],
    ['/sso', 'guestsOnly'],
    ['/second-factor', 'guestsOnly'],
    ['/verify-email', 'public'],
    ['/sign-up', 'guestsOnly'],
    ['/reset-password', 'public'],
    ['/contact', 'public'],
    // The click-to-agree application and the terms.
    ['/enroll/:parent_id/:id', 'public'],
    ['/enroll/:id', 'public'],
    ['/terms/:id', 'public'],
    ['/terms/:id/:enrollment_id', 'public'],
    // The printable receipt the transaction detail viewer opens.
    ['/receipt', ['admin', 'user', 'parent']],
    // The audit log page.
    ['/audit', ['admin']],
    // The job runner's runs.
    ['/jobs', ['admin']],
    // Webhook endpoints and their delivery log.
    ['/developers', ['admin', 'user', 'parent']],
    // The user's own sign-in and security.
    ['/settings', 'signedIn'],
    // The user's own server-side exports.
    ['/exports', 'signedIn'],
  ];

  it('hold every route of the route table and nothing else', () => {
    expect(portalRoutes.map((route) => route.path).sort()).toEqual(specRows.map(([path]) => path).sort());
  });

  it.each(specRows)('%s: %j', (path, access) => {
    expect(accessOf(path)).toEqual(access);
  });

  it('declare each path once', () => {
    expect(new Set(portalRoutes.map((route) => route.path)).size).toBe(portalRoutes.length);
  });

  it('keep the viewed-as client id off pages that name their subject or have no session', () => {
    expect(portalRoutes.filter((route) => !route.clientView).map((route) => route.path)).toEqual([
      '/login',
      '/sso',
      '/verify-email',
      '/sign-up',
      '/second-factor',
      '/reset-password',
      '/unsubscribe',
      '/unsubscribe/:subscription',
      '/createlink/:apikey?',
      '/contact',
      '/enroll/:parent_id/:id',
      '/enroll/:id',
      '/terms/:id',
      '/terms/:id/:enrollment_id',
      '/virtual-terminal/:apikey',
      '/configure-terminal/:apikey',
      '/account/:clientid',
      '/account/:clientid/data',
      '/onboard/:id',
      '/documents/upload/:clientid',
    ]);
  });

  it('use the auth layout for sign-in screens and the plain one for public pages', () => {
    const pathsByLayout = (layout: PortalRoute['layout']) =>
      portalRoutes.filter((route) => route.layout === layout).map((route) => route.path);
    expect(pathsByLayout('auth')).toEqual([
      '/login',
      '/sso',
      '/verify-email',
      '/sign-up',
      '/second-factor',
      '/reset-password',
    ]);
    expect(pathsByLayout('plain')).toEqual([
      '/unsubscribe',
      '/unsubscribe/:subscription',
      '/createlink/:apikey?',
      '/contact',
      '/enroll/:parent_id/:id',
      '/enroll/:id',
      '/terms/:id',
      '/terms/:id/:enrollment_id',
      '/certregistration',
      '/receipt',
    ]);
  });

  it('show the menu by query only on the documents upload page', () => {
    expect(portalRoutes.filter((route) => route.showMenuOnlyWithQuery).map((route) => route.path)).toEqual([
      '/documents/upload/:clientid',
    ]);
  });

  // Every route reached with its parameters filled in is found, and found alone.
  it.each(portalRoutes.map((route) => [route.path]))('%s matches its own paths only', (path) => {
    const sample = path.replace(/\/:[^/]+\?$/, '').replace(/:[^/]+/g, 'abc');
    const matches = portalRoutes.filter((route) => doesPathPatternMatchPathname(route.path, sample));
    expect(matches.map((route) => route.path)).toEqual([path]);
  });
});

describe('findPortalRouteForPathname', () => {
  it.each([
    ['/home', '/home'],
    ['/home/', '/home'],
    ['/Home', '/home'],
    ['/createlink', '/createlink/:apikey?'],
    ['/createlink/pk_live_123', '/createlink/:apikey?'],
    ['/unsubscribe/42+Corner%20Coffee+10.00', '/unsubscribe/:subscription'],
    ['/admin-reporting/all-internal/fis', '/admin-reporting/all-internal/:sourceName'],
    ['/reporting/classic', '/reporting/classic'],
    ['/documents/upload/1f0c', '/documents/upload/:clientid'],
  ])('%s -> %s', (pathname, pattern) => {
    expect(findPortalRouteForPathname(pathname)?.path).toBe(pattern);
  });

  it.each([
    '/createlink/a/b',
    '/account',
    '/home/extra',
    '/admin-reporting/all-internal',
    '/nope',
    '/',
  ])('%s matches no route', (pathname) => {
    expect(findPortalRouteForPathname(pathname)).toBeUndefined();
  });
});

describe('portalPathnameFromUrlPathname', () => {
  it.each([
    ['/app/home', '/home'],
    ['/app/createlink/k1', '/createlink/k1'],
    ['/app', '/'],
    ['/app/', '/'],
    ['/application', null],
    ['/api/user', null],
    ['/home', null],
  ])('%s -> %j', (urlPathname, expected) => {
    expect(portalPathnameFromUrlPathname(urlPathname)).toBe(expected);
  });
});

describe('decideRouteAccess', () => {
  const merchantRoles: RouteAccess = ['admin', 'user', 'parent'];

  it.each<[string, RouteAccess, UserType | null, ReturnType<typeof decideRouteAccess>]>([
    ['public, signed out', 'public', null, 'allow'],
    ['public, signed in', 'public', 'user', 'allow'],
    ['guests only, signed out', 'guestsOnly', null, 'allow'],
    ['guests only, signed in', 'guestsOnly', 'admin', 'alreadySignedIn'],
    ['any signed-in user, signed out', 'signedIn', null, 'signInRequired'],
    ['any signed-in user, alpha', 'signedIn', 'alpha', 'allow'],
    ['roles, signed out', merchantRoles, null, 'signInRequired'],
    ['roles, listed role', merchantRoles, 'parent', 'allow'],
    ['roles, unlisted role', merchantRoles, 'healnow', 'roleNotAllowed'],
    ['admin only, acting as user while viewing as', ['admin'], 'user', 'roleNotAllowed'],
  ])('%s -> %s', (_case, access, role, expected) => {
    expect(decideRouteAccess(access, role)).toBe(expected);
  });
});
