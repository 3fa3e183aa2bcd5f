import { Container, Progress } from '@mantine/core';
import {
  type PortalRouteDefinition,
  type PortalRoutePath,
  portalDefaultPath,
  portalRoutes,
  type RouteAccess,
  type RouteLayout,
  routeLayouts,
} from '@portico/contracts/access/routes';
import { type ComponentType, useEffect, useLayoutEffect } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useNavigation,
} from 'react-router';
import { PageLoader } from '../components/page-loader';
import type { BuiltPagePath } from './built-pages';
import { loadChunkWithTimeout } from './chunk-load.utils';
import { DEFAULT_DOCUMENT_TITLE, registerRouteDefinition, useCurrentRoute } from './current-route';
import { GuestsOnlyGate } from './guards/guests-only-gate';
import { RouteErrorPage } from './pages/route-error-page';

type RouteModule = { Component: ComponentType };
type RouteModuleLoader = () => Promise<RouteModule>;

// A route of the shared table (contracts/access/routes) with what the browser adds: its page.
export type AppRoute = PortalRouteDefinition & {
  // Absent: the page is not built yet and shows the placeholder.
  page?: RouteModuleLoader;
};

// Vite's base ('/app/') is the single source of the base path.
export const ROUTER_BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

const loadLoginPage: RouteModuleLoader = () =>
  import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage }));
const loadVerifyEmailPage: RouteModuleLoader = () =>
  import('../features/auth/components/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage }));
const loadSecondFactorPage: RouteModuleLoader = () =>
  import('./pages/second-factor-sign-in-page').then((m) => ({ Component: m.SecondFactorSignInPage }));
const loadResetPasswordPage: RouteModuleLoader = () =>
  import('../features/password/components/reset-password-page').then((m) => ({
    Component: m.ResetPasswordPage,
  }));
const loadSsoPage: RouteModuleLoader = () =>
  import('../features/auth/components/sso-page').then((m) => ({ Component: m.SsoPage }));
const loadDevMailboxPage: RouteModuleLoader = () =>
  import('../features/auth/components/dev-mailbox-page').then((m) => ({ Component: m.DevMailboxPage }));
const loadHomePage: RouteModuleLoader = () =>
  import('../features/home/components/home-page').then((m) => ({ Component: m.HomePage }));
const loadAccountPage: RouteModuleLoader = () =>
  import('./pages/account-page').then((m) => ({ Component: m.AccountPage }));
const loadAccountDataPage: RouteModuleLoader = () =>
  import('./pages/account-data-page').then((m) => ({ Component: m.AccountDataPage }));
const loadDocumentsUploadPage: RouteModuleLoader = () =>
  import('../features/documents/components/documents-upload-page').then((m) => ({
    Component: m.DocumentsUploadPage,
  }));
const loadAdminReportingPage: RouteModuleLoader = () =>
  import('../features/admin-reporting/components/admin-reporting-page').then((m) => ({
    Component: m.AdminReportingPage,
  }));
const loadWithSnowflakePage: RouteModuleLoader = () =>
  import('../features/admin-reporting/components/admin-reporting-page').then((m) => ({
    Component: m.WithSnowflakePage,
  }));
const loadEnrollPage: RouteModuleLoader = () =>
  import('../features/enrollment/components/enroll-page').then((m) => ({ Component: m.EnrollPage }));
const loadOnboardingPage: RouteModuleLoader = () =>
  import('../features/enrollment/components/onboarding-page').then((m) => ({ Component: m.OnboardingPage }));
const loadEnrollmentPage: RouteModuleLoader = () =>
  import('./pages/enrollment-page').then((m) => ({ Component: m.EnrollmentPage }));
const loadCostingPage: RouteModuleLoader = () =>
  import('../features/costing/components/costing-page').then((m) => ({ Component: m.CostingPage }));
const loadStatementsPage: RouteModuleLoader = () =>
  import('../features/statements/components/statements-page').then((m) => ({ Component: m.StatementsPage }));
const loadStatementPage: RouteModuleLoader = () =>
  import('../features/statements/components/statement-page').then((m) => ({ Component: m.StatementPage }));
const loadDisputesPage: RouteModuleLoader = () =>
  import('../features/disputes/components/disputes-page').then((m) => ({ Component: m.DisputesPage }));
const loadDisputePage: RouteModuleLoader = () =>
  import('../features/disputes/components/dispute-page').then((m) => ({ Component: m.DisputePage }));
const loadInternalReportPage: RouteModuleLoader = () =>
  import('../features/admin-reporting/components/internal-report-page').then((m) => ({
    Component: m.InternalReportPage,
  }));
const loadClassicReportPage: RouteModuleLoader = () =>
  import('../features/reporting/components/classic-report-page').then((m) => ({
    Component: m.ClassicReportPage,
  }));
const loadReportingIndexPage: RouteModuleLoader = () =>
  import('../features/reporting/components/reporting-index-page').then((m) => ({
    Component: m.ReportingIndexPage,
  }));
const loadTransactionSearchPage: RouteModuleLoader = () =>
  import('../features/reporting/components/search-page').then((m) => ({
    Component: m.TransactionSearchPage,
  }));
const loadCertificationRegistrationPage: RouteModuleLoader = () =>
  import('../features/developer-certification/components/certification-registration-page').then((m) => ({
    Component: m.CertificationRegistrationPage,
  }));
const loadCtaApplicationPage: RouteModuleLoader = () =>
  import('../features/click-to-agree/components/cta-application-page').then((m) => ({
    Component: m.CtaApplicationPage,
  }));
const loadTermsPage: RouteModuleLoader = () =>
  import('../features/click-to-agree/components/terms-page').then((m) => ({ Component: m.TermsPage }));
const loadReceiptPage: RouteModuleLoader = () =>
  import('../features/receipts/components/receipt-page').then((m) => ({ Component: m.ReceiptPage }));
const loadMimicPage: RouteModuleLoader = () =>
  import('../features/mimic/components/mimic-page').then((m) => ({ Component: m.MimicPage }));
const loadKeyEntryPage: RouteModuleLoader = () =>
  import('../features/key-entry/components/key-entry-page').then((m) => ({ Component: m.KeyEntryPage }));
const loadSubLocationsPage: RouteModuleLoader = () =>
  import('../features/access/components/sub-locations-page').then((m) => ({ Component: m.SubLocationsPage }));
const loadKycReportPage: RouteModuleLoader = () =>
  import('../features/enrollment-review/components/kyc-report-page').then((m) => ({
    Component: m.KycReportPage,
  }));
const loadAuditLogPage: RouteModuleLoader = () =>
  import('../features/audit-log/components/audit-log-page').then((m) => ({ Component: m.AuditLogPage }));
const loadSettingsPage: RouteModuleLoader = () =>
  import('./pages/settings-page').then((m) => ({ Component: m.SettingsPage }));
const loadExportsPage: RouteModuleLoader = () =>
  import('../features/exports/components/exports-page').then((m) => ({ Component: m.ExportsPage }));
const loadJobsPage: RouteModuleLoader = () =>
  import('../features/jobs/components/jobs-page').then((m) => ({ Component: m.JobsPage }));
const loadDevelopersPage: RouteModuleLoader = () =>
  import('../features/developers/components/developers-page').then((m) => ({ Component: m.DevelopersPage }));
const loadTerminalsPage: RouteModuleLoader = () =>
  import('../features/terminals/components/terminals-page').then((m) => ({ Component: m.TerminalsPage }));
const loadRiskPage: RouteModuleLoader = () =>
  import('../features/risk/components/risk-page').then((m) => ({ Component: m.RiskPage }));
const loadBillingPage: RouteModuleLoader = () =>
  import('../features/billing/components/billing-page').then((m) => ({ Component: m.BillingPage }));
const loadMonthlyBillingPage: RouteModuleLoader = () =>
  import('../features/billing/components/monthly-billing-page').then((m) => ({
    Component: m.MonthlyBillingPage,
  }));
const revSharePage = (name: 'RevSharePage' | 'RevShareAdminPage') => () =>
  import('../features/revenue-share/components/rev-share-pages').then((m) => ({ Component: m[name] }));
const loadVaultPage: RouteModuleLoader = () =>
  import('../features/vault/components/vault-page').then((m) => ({ Component: m.VaultPage }));
const loadOperationsPage: RouteModuleLoader = () =>
  import('../features/operations/components/operations-page').then((m) => ({ Component: m.OperationsPage }));
const reportPage = (name: keyof typeof import('../features/operations/components/report-pages')) => () =>
  import('../features/operations/components/report-pages').then((m) => ({ Component: m[name] }));
const loadUsersPage: RouteModuleLoader = () =>
  import('./pages/users-admin-page').then((m) => ({ Component: m.UsersAdminPage }));
const loadPermissionsPage: RouteModuleLoader = () =>
  import('../features/access/components/permissions-page').then((m) => ({ Component: m.PermissionsPage }));
const loadMerchantsPage: RouteModuleLoader = () =>
  import('../features/merchants/components/merchants-page').then((m) => ({ Component: m.MerchantsPage }));
const loadAdminAccountsPage: RouteModuleLoader = () =>
  import('../features/merchants/components/admin-accounts-page').then((m) => ({
    Component: m.AdminAccountsPage,
  }));
const loadConfigureTerminalPage: RouteModuleLoader = () =>
  import('../features/terminal-configurator/components/configure-terminal-page').then((m) => ({
    Component: m.ConfigureTerminalPage,
  }));
const loadVirtualTerminalPage: RouteModuleLoader = () =>
  import('../features/virtual-terminal/components/virtual-terminal-page').then((m) => ({
    Component: m.VirtualTerminalPage,
  }));
const loadSignUpPage: RouteModuleLoader = () =>
  import('../features/sign-up/components/sign-up-page').then((m) => ({ Component: m.SignUpPage }));
const loadContactPage: RouteModuleLoader = () =>
  import('../features/sign-up/components/contact-page').then((m) => ({ Component: m.ContactPage }));
const loadCreateLinkPage: RouteModuleLoader = () =>
  import('../features/payment-link-builder/components/create-link-page').then((m) => ({
    Component: m.CreateLinkPage,
  }));
const loadCertificationPage: RouteModuleLoader = () =>
  import('../features/developer-certification/components/certification-page').then((m) => ({
    Component: m.CertificationPage,
  }));
const loadRecurringChargesPage: RouteModuleLoader = () =>
  import('../features/recurring/components/recurring-charges-page').then((m) => ({
    Component: m.RecurringChargesPage,
  }));
const loadUnsubscribeCardPage: RouteModuleLoader = () =>
  import('../features/recurring/components/unsubscribe-page').then((m) => ({
    Component: m.UnsubscribeCardPage,
  }));
const loadUnsubscribedPage: RouteModuleLoader = () =>
  import('../features/recurring/components/unsubscribe-page').then((m) => ({
    Component: m.UnsubscribedPage,
  }));
const loadNotFoundPage: RouteModuleLoader = () =>
  import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage }));
const loadPlaceholderPage: RouteModuleLoader = () =>
  import('./pages/placeholder-page').then((m) => ({ Component: m.PlaceholderPage }));

const builtPageLoaders: Record<BuiltPagePath, RouteModuleLoader> = {
  '/login': loadLoginPage,
  '/verify-email': loadVerifyEmailPage,
  '/sso': loadSsoPage,
  '/second-factor': loadSecondFactorPage,
  '/reset-password': loadResetPasswordPage,
  '/home': loadHomePage,
  '/account/:clientid': loadAccountPage,
  '/account/:clientid/data': loadAccountDataPage,
  '/documents/upload/:clientid': loadDocumentsUploadPage,
  '/admin-reporting': loadAdminReportingPage,
  '/admin-reporting/with-snowflake': loadWithSnowflakePage,
  '/admin-reporting/all-internal/:sourceName': loadInternalReportPage,
  '/costing': loadCostingPage,
  '/payouts': loadStatementsPage,
  '/statement': loadStatementPage,
  '/disputes': loadDisputesPage,
  '/disputes/:id': loadDisputePage,
  '/enroll-portal-page': loadEnrollPage,
  '/enroll/:parent_id/:id': loadCtaApplicationPage,
  '/enroll/:id': loadCtaApplicationPage,
  '/terms/:id': loadTermsPage,
  '/terms/:id/:enrollment_id': loadTermsPage,
  '/onboarding': loadOnboardingPage,
  '/onboard/:id': loadEnrollmentPage,
  '/certregistration': loadCertificationRegistrationPage,
  '/receipt': loadReceiptPage,
  '/reporting': loadReportingIndexPage,
  '/reporting/classic': loadClassicReportPage,
  '/reporting/search': loadTransactionSearchPage,
  '/users': loadUsersPage,
  '/permissions': loadPermissionsPage,
  '/mimic': loadMimicPage,
  '/key-entry': loadKeyEntryPage,
  '/sublocations': loadSubLocationsPage,
  '/audit': loadAuditLogPage,
  '/jobs': loadJobsPage,
  '/developers': loadDevelopersPage,
  '/settings': loadSettingsPage,
  '/exports': loadExportsPage,
  '/terminals': loadTerminalsPage,
  '/configure-terminal/:apikey': loadConfigureTerminalPage,
  '/virtual-terminal/:apikey': loadVirtualTerminalPage,
  '/createlink/:apikey?': loadCreateLinkPage,
  '/certification-page': loadCertificationPage,
  '/risk': loadRiskPage,
  '/billing': loadBillingPage,
  '/monthly-billing': loadMonthlyBillingPage,
  '/rev-share': revSharePage('RevSharePage'),
  '/revshareadmin': revSharePage('RevShareAdminPage'),
  '/vault': loadVaultPage,
  '/operations': loadOperationsPage,
  '/report/revshare': reportPage('RevshareReportPage'),
  '/report/payout': reportPage('PayoutReportPage'),
  '/report/subpricing': reportPage('SubpricingReportPage'),
  '/report/mcc': reportPage('MccReportPage'),
  '/report/documents': reportPage('DocumentsReportPage'),
  '/report/kyc/:id': loadKycReportPage,
  '/reports/mcc/:parent_id': reportPage('ApprovedMccReportPage'),
  '/report/recurring': loadRecurringChargesPage,
  '/unsubscribe': loadUnsubscribedPage,
  '/unsubscribe/:subscription': loadUnsubscribeCardPage,
  '/merchants': loadMerchantsPage,
  '/accounts': loadAdminAccountsPage,
  '/sign-up': loadSignUpPage,
  '/contact': loadContactPage,
};
const pageLoaders: Partial<Record<PortalRoutePath, RouteModuleLoader>> = builtPageLoaders;

// Pages of the web alone, outside the shared table.
export const devMailboxRoute: PortalRouteDefinition = {
  path: '/dev/mailbox',
  access: 'public',
  title: 'Development mailbox',
  layout: 'auth',
  clientView: false,
  showMenuOnlyWithQuery: false,
};

export const notFoundRoute: PortalRouteDefinition = {
  path: '*',
  access: 'signedIn',
  title: 'Not found',
  layout: 'management',
  clientView: true,
  showMenuOnlyWithQuery: false,
};

export const appRoutes: readonly AppRoute[] = [
  ...portalRoutes.map((route) => ({
    ...route,
    page: pageLoaders[route.path],
  })),
  { ...devMailboxRoute, page: loadDevMailboxPage },
  { ...notFoundRoute, page: loadNotFoundPage },
];

// Which gate a route sits behind: authentication is checked on every navigation except the
// sign-in screens and the public pages.
type Gate = 'public' | 'guestsOnly' | 'signedIn';
const gates: readonly Gate[] = ['public', 'guestsOnly', 'signedIn'];

function gateOf(access: RouteAccess): Gate {
  if (access === 'public' || access === 'guestsOnly') return access;
  return 'signedIn';
}

const layoutModules: Record<RouteLayout, RouteModuleLoader> = {
  auth: () => import('./layouts/auth-layout').then((m) => ({ Component: m.AuthLayout })),
  management: () => import('./layouts/management-layout').then((m) => ({ Component: m.ManagementLayout })),
  plain: () => Promise.resolve({ Component: PlainLayout }),
};

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

const loadSignedInBoundary: RouteModuleLoader = () =>
  import('./guards/signed-in-boundary').then((m) => ({ Component: m.SignedInBoundary }));
const loadRouteAccessGate: RouteModuleLoader = () =>
  import('./guards/route-access-gate').then((m) => ({ Component: m.RouteAccessGate }));

function toRouteObject(entry: AppRoute): RouteObject {
  const { page, ...definition } = entry;
  const id = registerRouteDefinition(definition);
  return {
    id,
    path: definition.path,
    // Static, so a page whose chunk fails still has its boundary inside the layout.
    ErrorBoundary: RouteErrorPage,
    lazy: () => loadRouteModule(page ?? loadPlaceholderPage),
  };
}

function gateRoute(gate: Gate, children: RouteObject[]): RouteObject {
  const id = `gate-${gate}`;
  if (gate === 'guestsOnly') return { id, Component: GuestsOnlyGate, children };
  if (gate === 'signedIn') {
    return { id, ErrorBoundary: RouteErrorPage, lazy: () => loadRouteModule(loadSignedInBoundary), children };
  }
  return { id, children };
}

function layoutRoutesBehind(gate: Gate, table: readonly AppRoute[]): RouteObject[] {
  const entries = table.filter((entry) => gateOf(entry.access) === gate);
  return routeLayouts
    .filter((layout) => entries.some((entry) => entry.layout === layout))
    .map((layout) => {
      const pages = entries.filter((entry) => entry.layout === layout).map(toRouteObject);
      // Signed-in pages pass the role check of their route inside the layout, so a refused page
      // keeps the navigation around it instead of bouncing between routes.
      const children =
        gate === 'signedIn'
          ? [
              {
                id: `role-check-${layout}`,
                lazy: () => loadRouteModule(loadRouteAccessGate),
                children: pages,
              },
            ]
          : pages;
      return {
        id: `${gate}-layout-${layout}`,
        ErrorBoundary: RouteErrorPage,
        lazy: () => loadRouteModule(layoutModules[layout]),
        children,
      };
    });
}

export function createAppRoutes(table: readonly AppRoute[] = appRoutes): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: AppRoot,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteErrorPage,
      children: [
        { index: true, element: <Navigate to={portalDefaultPath} replace /> },
        ...gates.map((gate) => gateRoute(gate, layoutRoutesBehind(gate, table))),
      ],
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
  // Every navigation starts at the top, including back and forward.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
}

function useDocumentTitle() {
  const title = useCurrentRoute()?.title ?? DEFAULT_DOCUMENT_TITLE;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
