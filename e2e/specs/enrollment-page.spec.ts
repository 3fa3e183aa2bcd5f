import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// The enrollment management page opened from the onboarding grid, an
// edit saved after confirmation, and a parent's view without the processing sections.

const processingTitles = [
  'Card Processing',
  'ACH',
  'Crypto',
  'Terminals',
  'Transaction Mix',
  'Risk',
  'Schedule A Fees',
];

test('staff open an enrollment from /onboarding, edit it, save after confirming, and the reload shows it', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  await page.goto('/app/onboarding');
  const row = page
    .getByRole('grid', { name: 'Onboarding' })
    .getByRole('row', { name: /Sierra Vista Cycles/ });
  // One click opens a row.
  await row.click();
  await expect(page).toHaveURL(/\/app\/onboard\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sierra Vista Cycles' })).toBeVisible();
  await expect(page.getByLabel('Application status')).toHaveText('Link sent');
  await expect(
    page.getByText(/^Parent: [^·]*[A-Za-z][^·]* · Last activity: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \S+$/),
  ).toBeVisible();
  for (const title of ['Business Information', 'Owners', 'Settlement', ...processingTitles]) {
    await expect(page.getByRole('region', { name: title })).toBeVisible();
  }
  // Sensitive numbers arrive masked.
  await expect(page.getByRole('textbox', { name: 'SSN' }).first()).toHaveValue(/^\*\*\*-\*\*-\d{4}$/);
  await expect(page.getByRole('textbox', { name: 'Account Number' })).toHaveValue(/^\*{4}\d{4}$/);

  const website = page.getByRole('textbox', { name: 'Website' });
  await expect(website).not.toBeEditable();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(website).toBeEditable();
  const newWebsite = `https://sierra-vista-${Date.now()}.example`;
  await website.fill(newWebsite);
  await page.getByRole('button', { name: 'Save' }).click();
  const confirmation = page.getByRole('group', { name: 'Confirmation' });
  await expect(confirmation).toContainText('Save the changes to this enrollment?');
  await confirmation.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account Updated!')).toBeVisible();
  await expect(website).not.toBeEditable();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveValue(newWebsite);
  // The masks were never sent back, so the stored numbers still answer with the same last four.
  await expect(page.getByRole('textbox', { name: 'Account Number' })).toHaveValue(/^\*{4}\d{4}$/);
  expect(pageErrors).toEqual([]);
});

test('a parent opens an enrollment of its own hierarchy and sees no processing section', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  // Found as staff: the parent has no onboarding grid (it is for admin and healnow).
  await signInAs(page, 'admin@portico.example');
  await page.goto('/app/onboarding');
  await page
    .getByRole('grid', { name: 'Onboarding' })
    .getByRole('row', { name: /Fern & Fig Kitchen/ })
    .click();
  await expect(page).toHaveURL(/\/app\/onboard\/[0-9a-f-]{36}$/);
  const address = new URL(page.url()).pathname;

  await page.context().clearCookies();
  await signInAs(page, 'reseller@summitms.example');
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Fern & Fig Kitchen' })).toBeVisible();
  // The parent by name, never its id.
  await expect(page.getByText(/^Parent: Summit Merchant Services · Last activity: /)).toBeVisible();
  await expect(page.getByText(/[0-9a-f]{8}-[0-9a-f]{4}-/)).toHaveCount(0);
  for (const title of ['Business Information', 'Address', 'Contact', 'Owners', 'Settlement']) {
    await expect(page.getByRole('region', { name: title })).toBeVisible();
  }
  for (const title of processingTitles)
    await expect(page.getByRole('region', { name: title })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Jump to' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});
