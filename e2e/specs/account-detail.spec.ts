import { expect, type Page, test } from '@playwright/test';
import { AccountText } from '@portico/contracts/clients/account-detail';
import { clientIdNamed } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// Staff edit pricing and Schedule A and see them after a reload, change
// a parent, upload a logo that the merchant's user then sees in the sidebar; a parent gets the
// parent view; a merchant user opens its own account.

// Two sign-ins and several saves per test on a shared two-core machine.
test.slow();

const admin = 'admin@portico.example';
// A one-pixel PNG: the server checks the logo by content.
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function openAccount(page: Page, name: string) {
  const id = await clientIdNamed(page, name);
  await page.goto(`/app/account/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return id;
}

async function signOut(page: Page) {
  await page.request.post('/logout');
  await page.context().clearCookies();
}

test('staff edit pricing and Schedule A, confirm, and see the values after a reload and in Events', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, admin);
  await openAccount(page, 'Maple Street Hardware');

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Card Rate', exact: true }).fill('3.50+0.30');
  await page.getByRole('textbox', { name: 'ETF', exact: true }).fill('425');
  await page.getByRole('textbox', { name: 'Monthly Fee', exact: true }).fill('19.95');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const confirmation = page.getByRole('group', { name: 'Confirmation' });
  await expect(confirmation).toContainText(AccountText.ConfirmSave);
  await confirmation.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(AccountText.Updated)).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('account-value-card_rate')).toHaveText('3.50+0.30');
  await expect(page.getByTestId('account-value-etf')).toHaveText('$425.00');
  await expect(page.getByTestId('account-value-monthly_fee')).toHaveText('$19.95');

  await page.getByRole('button', { name: 'Links' }).click();
  await page.getByRole('menuitem', { name: 'Events' }).click();
  const latest = page.getByTestId('account-event').first();
  await expect(latest).toContainText(`Account edited`);
  await expect(latest).toContainText(admin);
  await expect(latest.getByRole('row', { name: /Card Rate/ })).toContainText('3.50+0.30');
  expect(pageErrors).toEqual([]);
});

test('staff change the parent of an account from the Actions menu', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, admin);
  await openAccount(page, 'Bluebird Florals');
  await expect(page.getByText('Parent: Summit Merchant Services')).toBeVisible();

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Hierarchy' }).click();
  await page.getByRole('combobox', { name: 'New parent' }).fill('BlueRiver');
  await page.getByRole('option', { name: 'BlueRiver Payments Group Inc.' }).click();
  await page.getByRole('button', { name: 'Save Parent' }).click();
  await expect(page.getByText(AccountText.ParentChanged)).toBeVisible();
  await expect(page.getByText('Parent: BlueRiver Payments Group')).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("staff upload a logo and the merchant's user sees it in the sidebar", async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, admin);
  await openAccount(page, 'Copper Kettle Bistro');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'kettle.png', mimeType: 'image/png', buffer: Buffer.from(pngBase64, 'base64') });
  await expect(page.getByText(AccountText.LogoUploaded)).toBeVisible();
  await expect(page.getByText('A logo is uploaded.')).toBeVisible();

  await signOut(page);
  await signInAs(page, 'owner@copperkettle.example');
  const logo = page.getByRole('img', { name: /logo$/ }).first();
  await expect(logo).toHaveAttribute('src', `data:image/png;base64,${pngBase64}`);
  expect(pageErrors).toEqual([]);
});

test('a parent sees the parent view of its merchant: processing and Schedule A, no owners, no actions', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'reseller@summitms.example');
  await openAccount(page, 'Riverbend Auto Care');
  await expect(page.getByRole('heading', { name: 'Processing' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Schedule A Fees' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Principals' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Links' }).click();
  await expect(page.getByRole('menuitem', { name: 'Parent Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Users & Contacts' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Enablement Options' })).toHaveCount(0);

  // Users & Contacts adds a contact through POST /api/user and lists it.
  await page.getByRole('menuitem', { name: 'Users & Contacts' }).click();
  const panel = page.getByRole('dialog', { name: 'Users & Contacts' });
  const form = panel.getByRole('form', { name: 'Add user or contact' });
  await form.getByRole('combobox', { name: 'User Type' }).click();
  await page.getByRole('option', { name: 'Contact' }).click();
  await form.getByRole('combobox', { name: 'Label' }).click();
  await page.getByRole('option', { name: 'Technology' }).click();
  await form.getByRole('textbox', { name: 'First Name' }).fill('Tomas');
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Reyes');
  await form.getByRole('textbox', { name: 'Email' }).fill(`Tomas.Reyes.${Date.now()}@Riverbend.example`);
  const added = page.waitForResponse(
    (response) => response.url().endsWith('/api/user') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add' }).click();
  expect((await added).status()).toBe(200);
  await expect(page.getByText('Successfully added!')).toBeVisible();
  await expect(
    panel.getByRole('row', { name: /Tomas Reyes tomas\.reyes\.\d+@riverbend\.example/ }),
  ).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('a merchant user opens its own account, masked, without pricing', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'owner@harborlanecoffee.example');
  await openAccount(page, 'Harbor Lane Coffee Roasters');
  await expect(page.getByRole('heading', { name: 'Business Information' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Principals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Processing' })).toHaveCount(0);
  await expect(page.getByTestId('account-value-principal_ssn')).toHaveText(/^\*{3}-\*{2}-\d{4}$/);
  expect(pageErrors).toEqual([]);
});
