import { expect, test } from '@playwright/test';
import { setProviderIdentity, waitForEmailLink } from '../support/mailbox';
import { collectPageErrors } from '../support/page-errors';
import { typeSecondFactorCode } from '../support/second-factor';
import { LOGIN_LINK_SENT } from '../support/sign-in';

// Social sign-in against a real OpenID Connect provider (oauth2-mock-server, started by the global
// setup): each test chooses which address the provider vouches for.

test('a Google account of an e-mail user is linked after one link sign-in, then signs straight in', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  const email = 'partner@healnow.example';
  await setProviderIdentity({ email, emailVerified: true, subject: 'google-partner' });

  // First time: the account exists with the e-mail link, so the retry modal (the account was created
  // with another sign-in method) shows.
  await page.goto('/app/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/app\/login/);
  await expect(page.getByText('Your account was created with an email login link.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  const since = Date.now();
  const dialog = page.getByRole('dialog', { name: 'Please enter your email here' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Send Login Link' }).click();
  await expect(page.getByText(LOGIN_LINK_SENT)).toBeVisible();

  // Same tab: the pending link flag lives in sessionStorage, the waiting credential in a cookie.
  await page.goto(await waitForEmailLink(email, since));
  // Staff of a partner: the link and Google are first factors only.
  await expect(page).toHaveURL(/\/app\/second-factor$/, { timeout: 15_000 });
  await typeSecondFactorCode(page, email);
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText('Google sign-in was added to your account.')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);

  // Now linked: the Google button signs in at once, up to the second factor.
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/app\/second-factor$/, { timeout: 15_000 });
  await typeSecondFactorCode(page, email);
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('an address the provider did not verify is confirmed by e-mail first', async ({ page }) => {
  const email = 'certify@orbitcommerce.example';
  await setProviderIdentity({ email, emailVerified: false, subject: 'google-certify' });
  const since = Date.now();

  await page.goto('/app/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(
    page.getByText('We have sent you a confirmation email. Please check your inbox!'),
  ).toBeVisible();

  await page.goto(await waitForEmailLink(email, since));
  await expect(page.getByText('Email was verified')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login$/);

  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/app\/second-factor$/, { timeout: 15_000 });
  await typeSecondFactorCode(page, email);
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
});

test('a Google account nobody has in Portico is not recognised', async ({ page }) => {
  await setProviderIdentity({
    email: 'stranger@elsewhere.example',
    emailVerified: true,
    subject: 'google-stranger',
  });

  await page.goto('/app/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();

  await expect(page.getByText('Email address not recognized. Please try another.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login$/);
});
