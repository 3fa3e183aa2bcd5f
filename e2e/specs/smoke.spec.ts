import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/page-errors';

test('the portal root redirects to Home, which reports a ready database', async ({ page }) => {
  const pageErrors = collectPageErrors(page);

  await page.goto('/app');

  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Portico' })).toBeVisible();
  await expect(page.getByText('Database: ready')).toBeVisible();
  await expect(page).toHaveTitle('Home');
  expect(pageErrors).toEqual([]);
});

test('the login page shows the brand', async ({ page }) => {
  const pageErrors = collectPageErrors(page);

  await page.goto('/app/login');

  await expect(page.getByRole('img', { name: 'Portico' })).toBeVisible();
  await expect(page.getByText('Sign-in arrives with the sign-in issue')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('an unknown route shows Page not found inside the layout', async ({ page }) => {
  const pageErrors = collectPageErrors(page);

  await page.goto('/app/nope');

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('There is no page at /nope.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Portico' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page).toHaveTitle('Not found');
  expect(pageErrors).toEqual([]);
});
