import { type BrowserContext, expect, type Page } from '@playwright/test';
import { filterMenu, type MenuEntry } from '@portico/contracts/access/menu';
import { type SessionUser, sessionUserSchema } from '@portico/contracts/access/session-user';
import { waitForEmailLink } from './mailbox';
import { typeSecondFactorCode } from './second-factor';

export const LOGIN_LINK_SENT = 'Email was sent to you. Please check your inbox!';

// The server's defaults (PROVIDER_DOMAIN, PARTNER_DOMAINS), which the e2e server keeps, and the
// portal's build settings (apps/web/.env) repeat.
const menuDomains = {
  providerDomain: 'portico.example',
  partnerDomains: ['healnow.example', 'healnow-partners.example'],
};

export async function askForLoginLink(page: Page, email: string): Promise<number> {
  const since = Date.now();
  await page.goto('/app/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send Login Link' }).click();
  await expect(page.getByText(LOGIN_LINK_SENT)).toBeVisible();
  return since;
}

// The whole e-mail link sign-in as a person does it: ask on /login, open the link from the mail, and
// when the account has a second factor, type the code its demo authenticator shows.
export async function signInByEmailLink(page: Page, email: string): Promise<string> {
  const since = await askForLoginLink(page, email);
  const link = await waitForEmailLink(email, since);
  await page.goto(link);
  await expect(page).toHaveURL(/\/app\/(home|mimic|second-factor)$/, { timeout: 15_000 });
  if (page.url().endsWith('/app/second-factor')) await typeSecondFactorCode(page, email);
  // Home, or the first page of the menu for a role that may not open Home (alpha).
  await expect(page).toHaveURL(/\/app\/(home|mimic)$/, { timeout: 15_000 });
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  return link;
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

// The session cookies of each account signed in by link earlier in this worker, by e-mail, and when.
const signedInSessions = new Map<string, { cookies: Cookies; signedInAt: number }>();
// A session is reused while its second factor is fresh: sensitive actions ask for the factor again
// 15 minutes after it was last proved, and a spec that is not about that must not meet the question.
const reuseSessionForMs = 12 * 60_000;

// The payload of the API's answer envelope.
function messageOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
}

async function sessionAnswersAs(page: Page, email: string): Promise<boolean> {
  const response = await page.request.get('/api/user');
  if (!response.ok()) return false;
  const user = sessionUserSchema.safeParse(messageOf(await response.json()));
  return user.success && user.data.email.toLowerCase() === email.toLowerCase();
}

// A signed-in page for a spec that is not about signing in. The first time an account is needed the
// whole e-mail link flow runs; later tests of the worker reuse that session while its second factor is
// fresh, which saves a mail round trip and a code each. A session that no longer answers as its own user (signed out, expired, still mimicking
// someone) is dropped and the link flow runs again, so a test always starts as a fresh sign-in would.
// The page leaves the portal before its cookies change: a portal still open as the previous account
// answers the first 401 by signing out, and that call must not carry the new account's cookie.
export async function signInAs(page: Page, email: string): Promise<void> {
  const session = signedInSessions.get(email);
  if (session && Date.now() - session.signedInAt < reuseSessionForMs) {
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.context().addCookies(session.cookies);
    if (await sessionAnswersAs(page, email)) {
      await page.goto('/app/home');
      await expect(page).toHaveURL(/\/app\/(home|mimic)$/, { timeout: 15_000 });
      await expect(page.getByText(email, { exact: true })).toBeVisible();
      return;
    }
  }
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signInByEmailLink(page, email);
  signedInSessions.set(email, { cookies: await page.context().cookies(), signedInAt: Date.now() });
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

// The titles once permissions have loaded (the fallback menu shows while they load).
export async function menuTitlesOf(page: Page): Promise<string[]> {
  await expect(mainMenu(page)).toHaveAttribute('aria-busy', 'false');
  return mainMenu(page).getByRole('link').allTextContents();
}

// The signed-in user of this page, as the server answers GET /api/user.
export async function sessionUserOf(page: Page): Promise<SessionUser> {
  const response = await page.request.get('/api/user');
  expect(response.ok()).toBe(true);
  return sessionUserSchema.parse(messageOf(await response.json()));
}

// What the shared menu rules give the signed-in user of this page, from the server's own answer.
export async function expectedMenuEntries(page: Page): Promise<MenuEntry[]> {
  const user = await sessionUserOf(page);
  return filterMenu({ user, permissionsState: 'loaded', isViewingAs: false, ...menuDomains });
}

export async function expectedMenuTitles(page: Page): Promise<string[]> {
  return (await expectedMenuEntries(page)).map((entry) => entry.title);
}
