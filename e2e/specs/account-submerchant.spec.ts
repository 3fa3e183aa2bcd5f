import { expect, test } from '@playwright/test';
import { AccountText } from '@portico/contracts/clients/account-detail';
import { LocationCustomFieldsText } from '@portico/contracts/clients/location-custom-fields';
import { clientIdNamed } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// A parent's submerchant settings (the sub-pricing table, the default processors and terminals, the
// inherited revenue share) and the Settings' location custom fields, saved and seen after a reload.

// A sign-in and two saves on a shared two-core machine.
test.slow();

const admin = 'admin@portico.example';
const parent = 'Summit Merchant Services';

test("staff set a parent's submerchant defaults and location custom fields, and see them after a reload", async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, admin);
  const id = await clientIdNamed(page, parent);
  await page.goto(`/app/account/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: parent })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Subpricing' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('combobox', { name: 'Default Card Processor', exact: true }).selectOption('propay');
  await page.getByRole('combobox', { name: 'Default Terminals', exact: true }).selectOption('magtek');
  // The revenue share a new sub-merchant inherits.
  await page.getByRole('textbox', { name: 'Default Revenue Share (%)', exact: true }).fill('30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('group', { name: 'Confirmation' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(AccountText.Updated)).toBeVisible();

  await page.getByRole('button', { name: 'Add Custom Field' }).click();
  const added = page.getByRole('textbox', { name: /^Custom field \d+ name$/ }).last();
  await added.fill('Store Number');
  await page
    .getByRole('combobox', { name: /^Custom field \d+ type$/ })
    .last()
    .selectOption('number');
  await page.getByRole('button', { name: 'Save Custom Fields' }).click();
  await expect(page.getByText(LocationCustomFieldsText.Saved)).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('account-value-child_payment')).toContainText(/propay/i);
  await expect(page.getByTestId('account-value-child_terminals')).toContainText(/magtek/i);
  await expect(page.getByTestId('account-value-child_rev_share')).toHaveText('30%');
  await expect(page.getByRole('textbox', { name: /^Custom field \d+ name$/ }).last()).toHaveValue(
    'Store Number',
  );
  expect(pageErrors).toEqual([]);
});
