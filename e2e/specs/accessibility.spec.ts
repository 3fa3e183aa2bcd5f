import { expect, type Page, test } from '@playwright/test';
import { menuEntries } from '@portico/contracts/access/menu';
import { actingRole } from '@portico/contracts/access/permissions';
import { decideRouteAccess, type PortalRoute, portalRoutes } from '@portico/contracts/access/routes';
import { onboardingListResponse } from '@portico/contracts/enrollment/enroll';
import { z } from 'zod';
import { type BuiltPagePath, builtPagePaths } from '../../apps/web/src/app/built-pages';
import { accessibilityRoles as roles, seriousAxeViolations, waitForPageContent } from '../support/axe';
import { enrollUnderSummit, waitForApplicationLink } from '../support/click-to-agree';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { rawValuesOnPage } from '../support/plain-words';
import { lastDays, reportRowsOf } from '../support/reporting';
import { expectedMenuEntries, mainMenu, sessionUserOf, signInAs } from '../support/sign-in';

// axe-core (WCAG 2.2 AA) on every built page of the route table, for each main role and
// for a visitor without a session, in the light and the dark look; any serious or critical violation
// fails, listed page by page.
// One sign-in per role; pages the menu links to open by a click (client-side navigation).

const builtPaths: ReadonlySet<string> = new Set(builtPagePaths);
const builtRoutes = portalRoutes.filter((route) => builtPaths.has(route.path));
const isVisitorRoute = (route: PortalRoute) => route.access === 'public' || route.access === 'guestsOnly';

// What the pages with a parameter open: seeded records, found once before the roles run.
type Seeds = {
  enrollmentIdOf: ReadonlyMap<string, string>;
  applicationLink: URL;
  applicationId: string;
};
let seeds: Seeds | undefined;

function seeded(): Seeds {
  if (!seeds) throw new Error('accessibility: the seeds were not gathered');
  return seeds;
}

function enrollmentIdOf(dbaName: string): string {
  const id = seeded().enrollmentIdOf.get(dbaName);
  if (!id) throw new Error(`accessibility: no seeded enrollment ${dbaName}`);
  return id;
}

const internalReportNames = z.object({ message: z.array(z.string()).min(1) });
const disputeRows = z.object({ message: z.array(z.object({ id: z.string() })) });
const myClients = z.object({ message: z.array(z.object({ id: z.string() })).min(1) });
const apiKeyRecords = z.object({ message: z.array(z.object({ public_key: z.string() })).min(1) });

type AddressContext = { page: Page; enrollmentName: string | undefined };

// The first merchant's publishable key, or null for a caller without API keys: the processor-audit
// user is refused them, so it has no terminal to open.
async function publishableKeyOf(page: Page): Promise<string | null> {
  const answer = await page.request.get('/api/user/apikeys');
  if (answer.status() === 403) return null;
  return apiKeyRecords.parse(await answer.json()).message[0]?.public_key ?? null;
}
type ParameterisedPath = Extract<BuiltPagePath, `${string}:${string}`> | '/receipt';

// Where each built page that needs an id is opened; the compiler asks for a new one here when a
// page with a parameter is built.
// null: this role has no such record to open.
const parameterisedAddresses: Record<ParameterisedPath, (context: AddressContext) => Promise<string | null>> =
  {
    '/account/:clientid': async ({ page }) => `/account/${await clientIdNamed(page, harborLaneName)}`,
    '/account/:clientid/data': async ({ page }) =>
      `/account/${await clientIdNamed(page, harborLaneName)}/data`,
    '/virtual-terminal/:apikey': async ({ page }) => {
      const key = await publishableKeyOf(page);
      return key === null ? null : `/virtual-terminal/${key}`;
    },
    '/configure-terminal/:apikey': async ({ page }) => {
      const key = await publishableKeyOf(page);
      return key === null ? null : `/configure-terminal/${key}`;
    },
    // Without a key in the address: a visitor gets the API-key modal, a signed-in user the builder itself.
    '/createlink/:apikey?': async () => '/createlink',
    '/documents/upload/:clientid': async ({ page }) => {
      const clients = myClients.parse(await (await page.request.get('/api/client/my-clients')).json());
      return `/documents/upload/${clients.message[0]?.id}`;
    },
    '/admin-reporting/all-internal/:sourceName': async ({ page }) => {
      const names = internalReportNames.parse(
        await (await page.request.get('/api/v1/report/all-internal')).json(),
      );
      return `/admin-reporting/all-internal/${encodeURIComponent(names.message[0] ?? '')}`;
    },
    // The newest dispute the role may see; none for a role without Disputes.
    '/disputes/:id': async ({ page }) => {
      const answer = await page.request.get('/api/disputes');
      if (answer.status() === 403) return null;
      const rows = disputeRows.parse(await answer.json()).message;
      return rows[0] ? `/disputes/${rows[0].id}` : null;
    },
    '/reports/mcc/:parent_id': async ({ page }) =>
      `/reports/mcc/${await clientIdNamed(page, 'Summit Merchant Services')}`,
    // A made-up token opens the card with its question; only Cancel Subscription asks the server.
    '/unsubscribe/:subscription': async () => '/unsubscribe/not-a-real-token+Harbor%20Lane%20Coffee+19.99',
    '/report/kyc/:id': async ({ enrollmentName }) => {
      if (!enrollmentName) throw new Error('accessibility: this role opens no enrollment');
      return `/report/kyc/${enrollmentIdOf(enrollmentName)}`;
    },
    '/onboard/:id': async ({ enrollmentName }) => {
      // Users open the enrollment page only as members of a parent; the seed's merchant owner is
      // none, so it has no enrollment to open (the server refuses it one: enrollment.api.test.ts).
      if (!enrollmentName) return null;
      return `/onboard/${enrollmentIdOf(enrollmentName)}`;
    },
    '/receipt': async ({ page }) => {
      const [row] = await reportRowsOf(page, lastDays(30));
      if (!row) throw new Error('accessibility: no transaction in the last 30 days');
      return `/receipt?id=${row[1].id}`;
    },
    '/enroll/:parent_id/:id': async () => {
      const { applicationLink } = seeded();
      return `${applicationLink.pathname.replace(/^\/app/, '')}${applicationLink.search}`;
    },
    '/enroll/:id': async () => {
      const { applicationLink, applicationId } = seeded();
      return `/enroll/${applicationId}${applicationLink.search}`;
    },
    '/terms/:id': async () => `/terms/${seeded().applicationId}`,
    // An account's terms: the enrollment of Harbor Lane's account is not seeded, so this opens the
    // page's not-found state.
    '/terms/:id/:enrollment_id': async () => `/terms/${seeded().applicationId}/${seeded().applicationId}`,
  };

function isParameterisedPath(path: string): path is ParameterisedPath {
  return path in parameterisedAddresses;
}

async function addressOf(route: PortalRoute, context: AddressContext): Promise<string | null> {
  if (isParameterisedPath(route.path)) return parameterisedAddresses[route.path](context);
  if (route.path.includes(':')) throw new Error(`accessibility: no address for ${route.path}`);
  return route.path;
}

// Opens a page as a person would: by its menu link when the menu has one, else by its address.
async function open(page: Page, address: string): Promise<void> {
  const target = `/app${address}`;
  const current = new URL(page.url());
  if (`${current.pathname}${current.search}` === target) return;
  const menuLink = mainMenu(page).locator(`a[href="${target}"]`);
  if ((await mainMenu(page).count()) > 0 && (await menuLink.count()) > 0) {
    await menuLink.click();
    await page.waitForURL((url) => url.pathname !== current.pathname);
  } else {
    await page.goto(target);
  }
}

// landed: where the address led (pathname and query), after any redirect.
type PageCheck = { address: string; landed: string; problems: string[] };

// A page under a menu entry (at its path or below it) belongs to a role whose menu shows that entry
// (the processor-audit user's short menu leaves out most staff pages); other pages follow the route
// table alone.
function isUnderHiddenMenuEntry(route: PortalRoute, visibleMenuPaths: ReadonlySet<string>): boolean {
  const area = menuEntries.find(
    (entry) => route.path === entry.path || route.path.startsWith(`${entry.path}/`),
  );
  return area !== undefined && !visibleMenuPaths.has(area.path);
}

// Each page is checked in the dark look once, by the first role that opens it (the roles share the
// pages' components and colours); every role's visit checks it as shown. The tests of this file run in
// one worker, in order; a worker started again after a failure checks in dark again, never less.
const checkedInDark = new Set<string>();

// A page of the role's menu is also read for raw values (the plain-words check of the accounts this
// spec signs in as: plain-words.spec.ts leaves them to this pass, so no page is opened twice).
async function checkPage(
  page: Page,
  route: PortalRoute,
  address: string,
  isMenuPage: boolean,
): Promise<PageCheck> {
  await open(page, address);
  await expect(page).toHaveTitle(route.title);
  await waitForPageContent(page);
  // A built page never shows the placeholder of the pages still to come.
  await expect(page.getByText(/this page is being built/)).toHaveCount(0);
  const landed = new URL(page.url());
  const raw = isMenuPage ? await rawValuesOnPage(page) : [];
  const inDark = !checkedInDark.has(route.path);
  checkedInDark.add(route.path);
  return {
    address,
    landed: `${landed.pathname}${landed.search}`,
    problems: [
      ...(raw.length > 0 ? [`  raw values instead of words: ${raw.join(', ')}`] : []),
      ...(await seriousAxeViolations(page, { inDark })),
    ],
  };
}

function report(checks: readonly PageCheck[]): string {
  return checks
    .filter((check) => check.problems.length > 0)
    .map((check) => `${check.address}\n${check.problems.join('\n')}`)
    .join('\n\n');
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, 'admin@portico.example');
  const onboarding = onboardingListResponse.parse(
    await (await page.request.get('/api/portal/onboarding-meta')).json(),
  );
  const enrollmentIds = new Map<string, string>();
  for (const row of onboarding.message) if (row.dba_name) enrollmentIds.set(row.dba_name, row.id);
  // The public application opens only from its mailed link.
  const stamp = Date.now();
  const applicant = `owner-${stamp}@axe-bakery.example`;
  const applicationId = await enrollUnderSummit(page, applicant, `Axe Bakery ${stamp}`);
  const since = Date.now();
  expect((await page.request.post('/api/enroll/cta', { data: { id: applicationId } })).ok()).toBe(true);
  const applicationLink = new URL(await waitForApplicationLink(applicant, since));
  seeds = { enrollmentIdOf: enrollmentIds, applicationLink, applicationId };
  await page.close();
});

// A role's pages are checked in parts (every third page of the route table), each with a sign-in of
// its own: about seventeen pages a test for staff, well inside the timeout on a busy machine.
const parts = 3;

for (const role of roles) {
  for (let part = 1; part <= parts; part++) {
    test(`every built page ${role.who} may open has no serious or critical axe violation (part ${part} of ${parts})`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await signInAs(page, role.email);
      const user = await sessionUserOf(page);
      const visibleMenuPaths = new Set<string>((await expectedMenuEntries(page)).map((entry) => entry.path));
      const routes = builtRoutes.filter(
        (route) =>
          !isVisitorRoute(route) &&
          decideRouteAccess(route.access, actingRole(user, false)) === 'allow' &&
          !isUnderHiddenMenuEntry(route, visibleMenuPaths),
      );
      expect(routes.map((route) => route.path)).toContain('/home');
      const checks: PageCheck[] = [];
      for (const route of routes.filter((_, index) => index % parts === part - 1)) {
        const address = await addressOf(route, { page, enrollmentName: role.enrollmentName });
        if (address === null) continue;
        // /reporting opens the merchant's default report, which is also a route of its own.
        if (checks.some((check) => check.landed === `/app${address}`)) continue;
        checks.push(await checkPage(page, route, address, visibleMenuPaths.has(route.path)));
      }
      expect(report(checks), `pages checked: ${checks.map((check) => check.address).join(', ')}`).toBe('');
    });
  }
}

test('every built page a visitor without a session opens has no serious or critical axe violation', async ({
  page,
}) => {
  // A dozen pages with an axe run each: the role tests' allowance, not the 30 s of one flow.
  test.setTimeout(300_000);
  const routes = builtRoutes.filter(isVisitorRoute);
  expect(routes.map((route) => route.path)).toContain('/login');
  const checks: PageCheck[] = [];
  for (const route of routes) {
    const address = await addressOf(route, { page, enrollmentName: undefined });
    if (address === null) throw new Error(`accessibility: no visitor address for ${route.path}`);
    await page.goto(`/app${address}`);
    await waitForPageContent(page);
    checks.push({ address, landed: address, problems: await seriousAxeViolations(page) });
  }
  expect(report(checks), `pages checked: ${checks.map((check) => check.address).join(', ')}`).toBe('');
});
