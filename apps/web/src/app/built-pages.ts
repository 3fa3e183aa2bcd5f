import type { PortalRoutePath } from '@portico/contracts/access/routes';

// The routes of the shared table whose page is built; every other one shows the placeholder. The
// router maps each to its page (the compiler holds the two lists equal), and the end-to-end
// accessibility check visits each, so a page counts as built in one place only.
export const builtPagePaths = [
  '/login',
  '/verify-email',
  '/sso',
  '/home',
  '/account/:clientid',
  '/account/:clientid/data',
  '/documents/upload/:clientid',
  '/admin-reporting',
  '/admin-reporting/with-snowflake',
  '/admin-reporting/all-internal/:sourceName',
  '/costing',
  '/payouts',
  '/statement',
  '/enroll-portal-page',
  '/enroll/:parent_id/:id',
  '/enroll/:id',
  '/terms/:id',
  '/terms/:id/:enrollment_id',
  '/onboarding',
  '/onboard/:id',
  '/certregistration',
  '/receipt',
  '/reporting',
  '/reporting/classic',
  '/reporting/search',
  '/users',
  '/permissions',
  '/mimic',
  '/key-entry',
  '/sublocations',
  '/audit',
  '/configure-terminal/:apikey',
  '/risk',
  '/jobs',
  '/merchants',
  '/accounts',
  '/sign-up',
  '/contact',
] as const satisfies readonly PortalRoutePath[];

export type BuiltPagePath = (typeof builtPagePaths)[number];
