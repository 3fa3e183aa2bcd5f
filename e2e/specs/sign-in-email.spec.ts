import { expect, type Page, test } from '@playwright/test';
import { waitForEmailLink } from '../support/mailbox';
import { collectPageErrors } from '../support/page-errors';
import { typeSecondFactorCode } from '../support/second-factor';
import {
  askForLoginLink,
  expectedMenuTitles,
  LOGIN_LINK_SENT,
  mainMenu,
  menuTitlesOf,
  signInByEmailLink,
} from '../support/sign-in';

// Each kind of user sees exactly the menu the shared rules give them. The
// expectation comes from filterMenu over the server's own user; the literal titles make sure the
// comparison cannot pass on two empty lists.
const menuCases: { email: string; includes: string[]; excludes: string[]; exactly?: string[] }[] = [
  {
    email: 'admin@portico.example',
    includes: ['Home', 'Mimic', 'Monthly Billing', 'Admin Accounts', 'Costing', 'Rev Share'],
    excludes: ['Certification'],
  },
  {
    email: 'reseller@summitms.example',
    includes: ['Home', 'Create Enrollment', 'Accounts', 'Statements'],
    excludes: ['Monthly Billing', 'Admin Accounts', 'Costing', 'Rev Share'],
  },
  {
    email: 'owner@harborlanecoffee.example',
    includes: ['Home', 'Reporting', 'Vault', 'Terminals', 'Users', 'Developers'],
    excludes: ['Monthly Billing', 'Admin Accounts', 'Billing', 'Rev Share'],
  },
  {
    email: 'audit@portico.example',
    includes: [],
    excludes: [],
    exactly: ['Home', 'Create Enrollment', 'Accounts', 'Reporting', 'Risk Dashboard'],
  },
  {
    email: 'demo@northwindbox.example',
    includes: [],
    excludes: [],
    exactly: ['Home', 'Reporting', 'Recurring Charges', 'Vault', 'Terminals'],
  },
];

for (const menuCase of menuCases) {
  test(`${menuCase.email} signs in by e-mail link and sees their menu`, async ({ page }) => {
    const pageErrors = collectPageErrors(page);

    await signInByEmailLink(page, menuCase.email);

    const titles = await menuTitlesOf(page);
    expect(titles).toEqual(await expectedMenuTitles(page));
    for (const title of menuCase.includes) expect(titles).toContain(title);
    for (const title of menuCase.excludes) expect(titles).not.toContain(title);
    if (menuCase.exactly) expect(titles).toEqual(menuCase.exactly);
    expect(pageErrors).toEqual([]);
  });
}

async function expectCalmFailure(page: Page) {
  // Never a blank page or a stack trace: the login page with its form.
  await expect(page.getByRole('button', { name: 'Send Login Link' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/at \S+ \(|TypeError|SyntaxError|stack/);
}

test('a login link works once: opened again it says Session has expired', async ({ page, browser }) => {
  const email = 'ops@portico.example';
  const link = await signInByEmailLink(page, email);

  // A second browser, so no session of the first one is involved.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const pageErrors = collectPageErrors(otherPage);
  await otherPage.goto(link);

  await expect(otherPage.getByText('Session has expired')).toBeVisible();
  await expect(otherPage).toHaveURL(/\/app\/login$/);
  await expectCalmFailure(otherPage);
  expect(pageErrors).toEqual([]);
  await other.close();
});

test('logout ends the session: back to /login, and /app/home asks to sign in again', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInByEmailLink(page, 'barista@harborlanecoffee.example');

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/app\/login$/);
  await page.goto('/app/home');
  await expect(page).toHaveURL(/\/app\/login$/);
  const authenticated = await page.request.post('/authenticated');
  expect(await authenticated.json()).toEqual({ status: true, message: false });
  expect(pageErrors).toEqual([]);
});

test('a mistyped address gets the exact text, an unknown one the same answer as a known one', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await page.goto('/app/login');

  await page.getByRole('textbox', { name: 'Email' }).fill('admin@portico');
  await page.getByRole('button', { name: 'Send Login Link' }).click();
  await expect(page.getByText('Email is not valid').first()).toBeVisible();

  await askForLoginLink(page, 'nobody@nowhere.example');
  await expect(page.getByText(LOGIN_LINK_SENT)).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('a tampered login link never shows a stack trace or a blank page', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  const continueUrl = encodeURIComponent('/app/sso?email=admin%40portico.example');

  await page.goto(`/app/verify-email?oobCode=${'A'.repeat(43)}&mode=signIn&continueUrl=${continueUrl}`);
  await expect(page.getByText('Session has expired')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login$/);
  await expectCalmFailure(page);

  await page.goto(`/app/verify-email?oobCode=%E2%80%AE%00${'x'.repeat(600)}&mode=signIn&continueUrl=%%%`);
  await expect(page).toHaveURL(/\/app\/(sso|login)/);
  await expect(page.getByRole('dialog', { name: 'Please enter your email here' })).toBeVisible();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Email' }).fill('admin@portico.example');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
  await expectCalmFailure(page);

  await page.goto('/app/verify-email?mode=somethingElse');
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(mainMenu(page)).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a link opened in another browser asks for the address, then signs in', async ({ page, browser }) => {
  const email = 'alpha@harborlanecoffee.example';
  const since = await askForLoginLink(page, email);
  const link = new URL(await waitForEmailLink(email, since));
  link.searchParams.delete('continueUrl');

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(link.toString());
  const dialog = otherPage.getByRole('dialog', { name: 'Please enter your email here' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  // alpha administers permissions, so the link is the first factor only.
  await expect(otherPage).toHaveURL(/\/app\/second-factor$/, { timeout: 15_000 });
  await typeSecondFactorCode(otherPage, email);

  // alpha may not open Home: it lands on the first page of its menu (Mimic) instead of a refusal.
  await expect(otherPage).toHaveURL(/\/app\/mimic$/, { timeout: 15_000 });
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Mimic' })).toBeVisible();
  await expect(otherPage.getByRole('heading', { name: 'Not allowed' })).toHaveCount(0);
  await other.close();
});
