import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/page-errors';

test('the portal root sends a visitor without a session to the login page', async ({ page }) => {
  const pageErrors = collectPageErrors(page);

  await page.goto('/app');

  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page).toHaveTitle('Login');
  expect(pageErrors).toEqual([]);
});

test('the login page shows the brand, the social button, the e-mail box and Sign Up', async ({ page }) => {
  const pageErrors = collectPageErrors(page);

  await page.goto('/app/login');

  await expect(page.getByRole('img', { name: 'Portico' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with Google' })).toBeVisible();
  // Only configured providers show: the e2e server has no Microsoft issuer.
  await expect(page.getByRole('link', { name: 'Sign in with Microsoft' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Login Link' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/app/sign-up');
  // The server runs with SMTP in production mode: no development mailbox.
  await expect(page.getByRole('link', { name: 'development mailbox' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a public page opens without a session', async ({ page }) => {
  const pageErrors = collectPageErrors(page);

  await page.goto('/app/contact');

  await expect(page).toHaveURL(/\/app\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});
