import { Container, Progress } from '@mantine/core';
import { type ComponentType, useEffect, useLayoutEffect } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useNavigation,
} from 'react-router';
import { loadChunkWithTimeout } from './chunk-load.utils';
import { PageLoader } from './pages/page-loader';
import { RouteErrorPage } from './pages/route-error-page';
import {
  DEFAULT_DOCUMENT_TITLE,
  type RouteHandle,
  type RouteLayout,
  type RouteMeta,
  type UserRole,
  useCurrentRouteMeta,
} from './route-meta';

type RouteModule = { Component: ComponentType };
type RouteModuleLoader = () => Promise<RouteModule>;

export type RouteTableEntry = RouteMeta & {
  // Absent: the page is not built yet and shows the placeholder.
  page?: RouteModuleLoader;
  redirectTo?: string;
};

// Vite's base ('/app/') is the single source of the base path.
export const ROUTER_BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

const ALL_CLIENT_ROLES: readonly UserRole[] = ['admin', 'user', 'parent', 'healnow'];
const MERCHANT_ROLES: readonly UserRole[] = ['admin', 'user', 'parent'];
const ADMIN_ONLY: readonly UserRole[] = ['admin'];
const ADMIN_AND_WHITE_LABEL: readonly UserRole[] = ['admin', 'healnow'];
const ADMIN_AND_ALPHA: readonly UserRole[] = ['admin', 'alpha'];
const ADMIN_AND_USER: readonly UserRole[] = ['admin', 'user'];

const loadLoginPage: RouteModuleLoader = () =>
  import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage }));
const loadHomePage: RouteModuleLoader = () =>
  import('../features/home/components/home-page').then((m) => ({ Component: m.HomePage }));
const loadNotFoundPage: RouteModuleLoader = () =>
  import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage }));
const loadPlaceholderPage: RouteModuleLoader = () =>
  import('./pages/placeholder-page').then((m) => ({ Component: m.PlaceholderPage }));

// Spec 1 §2.2, plus /sign-up and /contact which its notes name. Paths sit under ROUTER_BASENAME.
export const routeTable: readonly RouteTableEntry[] = [
  // Sign-in screens
  { path: '/login', roles: 'guests', title: 'Login', layout: 'auth', page: loadLoginPage },
  { path: '/sso', roles: 'guests', title: 'Signing in', layout: 'auth' },
  { path: '/verify-email', roles: 'public', title: 'Verify email', layout: 'auth' },
  { path: '/sign-up', roles: 'guests', title: 'Sign up', layout: 'auth' },

  // Public pages and the developer certification form, in the plain wrapper
  { path: '/unsubscribe', roles: 'public', title: 'Unsubscribe', layout: 'none' },
  // '{seriesId}+{merchantName}+{amount}' is one path segment: the page splits it on '+'.
  { path: '/unsubscribe/:subscription', roles: 'public', title: 'Unsubscribe', layout: 'none' },
  { path: '/createlink/:apikey?', roles: 'public', title: 'Payment Link Builder', layout: 'none' },
  { path: '/certregistration', roles: ['admin', 'parent'], title: 'Developer Certification', layout: 'none' },
  { path: '/contact', roles: 'public', title: 'Contact', layout: 'none' },

  // Management pages
  { path: '/home', roles: ALL_CLIENT_ROLES, title: 'Home', layout: 'management', page: loadHomePage },
  { path: '/users', roles: ALL_CLIENT_ROLES, title: 'Users', layout: 'management' },
  {
    path: '/virtual-terminal/:apikey',
    roles: MERCHANT_ROLES,
    title: 'Virtual Terminal',
    layout: 'management',
  },
  {
    path: '/configure-terminal/:apikey',
    roles: MERCHANT_ROLES,
    title: 'Configure Terminal',
    layout: 'management',
  },
  { path: '/payouts', roles: MERCHANT_ROLES, title: 'Statements', layout: 'management' },
  // Spec 3: the target becomes the merchant's default_search_page once configuration loads.
  {
    path: '/reporting',
    roles: MERCHANT_ROLES,
    title: 'Reporting',
    layout: 'management',
    redirectTo: '/reporting/classic',
  },
  { path: '/reporting/classic', roles: MERCHANT_ROLES, title: 'Reporting', layout: 'management' },
  { path: '/reporting/search', roles: MERCHANT_ROLES, title: 'Transaction Search', layout: 'management' },
  { path: '/vault', roles: MERCHANT_ROLES, title: 'Vault', layout: 'management' },
  { path: '/statement', roles: MERCHANT_ROLES, title: 'Statement', layout: 'management' },
  { path: '/report/recurring', roles: MERCHANT_ROLES, title: 'Recurring Charges', layout: 'management' },
  { path: '/terminals', roles: MERCHANT_ROLES, title: 'Terminals', layout: 'management' },
  { path: '/mimic', roles: ADMIN_ONLY, title: 'Mimic', layout: 'management' },
  { path: '/key-entry', roles: ADMIN_ONLY, title: 'Key Entry', layout: 'management' },
  { path: '/monthly-billing', roles: ADMIN_ONLY, title: 'Monthly Billing', layout: 'management' },
  { path: '/accounts', roles: ADMIN_ONLY, title: 'Admin Accounts', layout: 'management' },
  { path: '/account/:clientid', roles: ADMIN_ONLY, title: 'Account', layout: 'management' },
  { path: '/merchants', roles: ADMIN_ONLY, title: 'Accounts', layout: 'management' },
  { path: '/admin-reporting', roles: ADMIN_ONLY, title: 'Admin Reporting', layout: 'management' },
  {
    path: '/admin-reporting/with-snowflake',
    roles: ADMIN_ONLY,
    title: 'Warehouse Reporting',
    layout: 'management',
  },
  {
    path: '/admin-reporting/all-internal/:sourceName',
    roles: ADMIN_ONLY,
    title: 'Internal Reporting',
    layout: 'management',
  },
  { path: '/billing', roles: ADMIN_ONLY, title: 'Billing', layout: 'management' },
  { path: '/costing', roles: ADMIN_ONLY, title: 'Costing', layout: 'management' },
  { path: '/risk', roles: ADMIN_ONLY, title: 'Risk Dashboard', layout: 'management' },
  { path: '/rev-share', roles: ADMIN_ONLY, title: 'Rev Share', layout: 'management' },
  { path: '/revshareadmin', roles: ADMIN_ONLY, title: 'Revenue Sharing Admin', layout: 'management' },
  { path: '/onboarding', roles: ADMIN_AND_WHITE_LABEL, title: 'Onboarding', layout: 'management' },
  { path: '/operations', roles: ADMIN_AND_WHITE_LABEL, title: 'Operations', layout: 'management' },
  { path: '/onboard/:id', roles: ['admin', 'healnow', 'parent'], title: 'Enrollment', layout: 'management' },
  { path: '/certification-page', roles: ADMIN_AND_USER, title: 'Certification', layout: 'management' },
  { path: '/enroll-portal-page', roles: ADMIN_AND_USER, title: 'Enroll', layout: 'management' },
  { path: '/permissions', roles: ADMIN_AND_ALPHA, title: 'Permissions', layout: 'management' },
  { path: '/sublocations', roles: ADMIN_AND_ALPHA, title: 'Sublocations', layout: 'management' },
  // Spec 3 lists it among the public pages; spec 1 shows no roles.
  {
    path: '/documents/upload/:clientid',
    roles: 'public',
    title: 'Upload Documents',
    layout: 'management',
    showMenu: true,
  },
  { path: '*', roles: 'public', title: 'Not found', layout: 'management', page: loadNotFoundPage },
];

const layoutModules: Record<RouteLayout, RouteModuleLoader> = {
  auth: () => import('./layouts/auth-layout').then((m) => ({ Component: m.AuthLayout })),
  management: () => import('./layouts/management-layout').then((m) => ({ Component: m.ManagementLayout })),
  none: () => Promise.resolve({ Component: PlainLayout }),
};

const LAYOUTS: readonly RouteLayout[] = ['auth', 'management', 'none'];

type LoadedRoute = Pick<RouteObject, 'Component' | 'loader'>;

// React Router renders nothing below a route whose lazy() rejected (it still counts as
// loading). A loader that rethrows hands the failure to the route's ErrorBoundary instead,
// which offers the reload that fetches the current chunks.
async function loadRouteModule(load: RouteModuleLoader): Promise<LoadedRoute> {
  try {
    return await loadChunkWithTimeout(load);
  } catch (error) {
    return {
      loader: () => {
        throw error;
      },
      // Never renders (the loader always throws); present so the route is not a bare outlet.
      Component: RouteErrorPage,
    };
  }
}

function toRouteObject(entry: RouteTableEntry): RouteObject {
  const { page, redirectTo, ...meta } = entry;
  const handle: RouteHandle = { meta };
  if (redirectTo) {
    return { path: meta.path, handle, element: <Navigate to={redirectTo} replace /> };
  }
  return {
    path: meta.path,
    handle,
    // Static, so a page whose chunk fails still has its boundary inside the layout.
    ErrorBoundary: RouteErrorPage,
    lazy: () => loadRouteModule(page ?? loadPlaceholderPage),
  };
}

export function createAppRoutes(table: readonly RouteTableEntry[] = routeTable): RouteObject[] {
  // The sign-in issue adds the guard here: a parent route that checks the session and each
  // route's roles before its layout renders.
  const layoutRoutes: RouteObject[] = LAYOUTS.map((layout) => ({
    id: `layout-${layout}`,
    ErrorBoundary: RouteErrorPage,
    lazy: () => loadRouteModule(layoutModules[layout]),
    children: table.filter((entry) => entry.layout === layout).map(toRouteObject),
  }));

  return [
    {
      id: 'root',
      path: '/',
      Component: AppRoot,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteErrorPage,
      children: [{ index: true, element: <Navigate to="/home" replace /> }, ...layoutRoutes],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes(), { basename: ROUTER_BASENAME });
}

function AppRoot() {
  useScrollResetOnNavigation();
  useDocumentTitle();

  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

function PlainLayout() {
  return (
    <Container component="main" size="lg" py="xl">
      <Outlet />
    </Container>
  );
}

// A route chunk can take a moment on a slow link: show that the click was taken.
function NavigationProgress() {
  const isNavigating = useNavigation().state !== 'idle';
  if (!isNavigating) return null;
  return (
    <Progress
      aria-label="Loading page"
      value={100}
      animated
      size={3}
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
    />
  );
}

function useScrollResetOnNavigation() {
  const { key } = useLocation();
  // Spec 1 §2: every navigation starts at the top, including back and forward.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
}

function useDocumentTitle() {
  const title = useCurrentRouteMeta()?.title ?? DEFAULT_DOCUMENT_TITLE;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
