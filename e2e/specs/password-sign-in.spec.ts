import { expect, test } from '@playwright/test';
import { waitForLinkInMail } from '../support/mailbox';
import { collectPageErrors } from '../support/page-errors';
import { typeSecondFactorCode } from '../support/second-factor';
import { LOGIN_LINK_SENT } from '../support/sign-in';

// 'Forgot password?' end to end: the reset link arrives by mail, the new password is the first factor
// of a sign-in (the account's authenticator code is the second), and after signing out the password
// signs them in again. A wrong password gets the one generic answer. Other specs sign in as this
// account by e-mail link only, which a password does not change.
const email = 'demo@northwindbox.example';
const newPassword = 'drew-boxes-subscriptions-77';

test('a user sets a password from a reset link, signs out, and signs in with it', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await page.goto('/app/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/app\/reset-password\?email=/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: LOGIN_LINK_SENT })).toBeVisible();

  const link = await waitForLinkInMail(
    email,
    since,
    /https?:\/\/\S+\/app\/reset-password\?oobCode=[A-Za-z0-9_-]+/,
  );
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  const field = page.getByLabel('New password');
  await field.fill('short');
  await field.blur();
  await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
  await field.fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/app\/second-factor$/, { timeout: 15_000 });
  await typeSecondFactorCode(page, email);
  await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/login/);

  // A wrong password: the one generic answer, still on the login page.
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(page.getByText('Credentials are not valid').first()).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login/);

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(page).toHaveURL(/\/app\/second-factor$/, { timeout: 15_000 });
  await typeSecondFactorCode(page, email);
  await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  // The used link opens nothing a second time.
  await page.goto(link);
  await page.getByLabel('New password').fill('another-long-passphrase');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(
    page.getByText('This link has expired or was already used. Ask for a new one with Forgot password?'),
  ).toBeVisible();
  expect(pageErrors).toEqual([]);
});
