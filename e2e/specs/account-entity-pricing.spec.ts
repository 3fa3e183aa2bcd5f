import { expect, test } from '@playwright/test';
import { AccountText } from '@portico/contracts/clients/account-detail';
import { clientIdNamed } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// A parent's current entity pricing, set with the page's Edit and Save and
// read in its table after a reload.

// A sign-in, a save and a reload on a shared two-core machine.
test.slow();

const parent = 'HealNow Health Payments';

test("staff set a parent's default card rate and see it in the Current Entity Pricing table", async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const id = await clientIdNamed(page, parent);
  await page.goto(`/app/account/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: parent })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Current Entity Pricing' });
  await expect(table.getByRole('row').filter({ hasText: /^Card/ })).toContainText('—');

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Default Card Rate', exact: true }).fill('2.65+0.20');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('group', { name: 'Confirmation' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(AccountText.Updated)).toBeVisible();

  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: /^Card/ })).toContainText('2.65+0.20');
  expect(pageErrors).toEqual([]);
});
