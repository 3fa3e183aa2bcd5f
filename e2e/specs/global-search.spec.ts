import { expect, type Page, test } from '@playwright/test';
import { UserAdminText } from '@portico/contracts/access/user-admin';
import { GlobalSearchText } from '@portico/contracts/search/global-search-text';
import { payeeSearchResponse } from '@portico/contracts/vault/vault';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/sign-in';

// The global search: Ctrl-K and the header's box open one dialog; the keyboard walks its results and
// Enter opens the page that shows the row.

const owner = 'owner@harborlanecoffee.example';
const admin = 'admin@portico.example';

test.slow();

function searchBox(page: Page) {
  return page.getByRole('dialog', { name: GlobalSearchText.DialogTitle }).getByRole('combobox', {
    name: GlobalSearchText.Label,
  });
}

test('a merchant presses Ctrl-K, types part of a customer e-mail and opens the customer with Enter', async ({
  page,
}) => {
  await signInAs(page, owner);
  const listed = payeeSearchResponse.parse(await (await page.request.get('/api/payee/all')).json()).message;
  // A seeded customer another spec does not rename.
  const customer = listed.customers.find(
    (candidate) => candidate.email?.includes('@') && !candidate.email.startsWith('vault-e2e'),
  );
  if (!customer?.email) throw new Error('Harbor Lane has no vault customer with an e-mail');
  const typed = customer.email.slice(0, customer.email.indexOf('@'));
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ');

  await page.keyboard.press('Control+k');
  const box = searchBox(page);
  await expect(box).toBeFocused();
  await box.pressSequentially(typed);
  const customers = page.getByRole('group', { name: 'Customers' });
  const option = customers.getByRole('option', { name: new RegExp(name) }).first();
  await expect(option).toBeVisible();

  // The dialog passes WCAG 2.2 AA with its results showing.
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Down the list to the customer, then Enter.
  const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
  const optionIds = await options.evaluateAll((elements) => elements.map((element) => element.id));
  const target = optionIds.indexOf(await option.evaluate((element) => element.id));
  for (let step = 0; step <= target; step++) await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');

  await page.waitForURL((url) => url.pathname === '/app/vault');
  expect(new URL(page.url()).searchParams.get('search')).toBe(customer.email);
  await expect(page.getByRole('dialog', { name: GlobalSearchText.DialogTitle })).toBeHidden();
  const table = page.getByRole('table', { name: 'Vault customers' });
  await expect(table.getByText(customer.email, { exact: true })).toBeVisible();
});

test('staff find a merchant by name from the header box, and Esc closes the dialog', async ({ page }) => {
  await signInAs(page, admin);
  await page.getByRole('button', { name: new RegExp(`^${GlobalSearchText.Label} \\(`) }).click();
  const box = searchBox(page);
  await box.pressSequentially('copper kett');
  const merchant = page
    .getByRole('group', { name: 'Merchants' })
    .getByRole('option', { name: /Copper Kettle Bistro/ });
  await expect(merchant).toBeVisible();
  await box.press('Escape');
  await expect(page.getByRole('dialog', { name: GlobalSearchText.DialogTitle })).toBeHidden();

  await page.getByRole('button', { name: new RegExp(`^${GlobalSearchText.Label} \\(`) }).click();
  await searchBox(page).pressSequentially('copper kett');
  await page
    .getByRole('group', { name: 'Merchants' })
    .getByRole('option', { name: /Copper Kettle Bistro/ })
    .click();
  await page.waitForURL(/\/app\/account\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Copper Kettle Bistro').first()).toBeVisible();
});

test("staff find a merchant's user from the search and land on Users, searching all merchants for them", async ({
  page,
}) => {
  const barista = 'barista@harborlanecoffee.example';
  await signInAs(page, admin);
  await page.keyboard.press('Control+k');
  await searchBox(page).pressSequentially('barista@harbor');
  await page
    .getByRole('group', { name: 'Users' })
    .getByRole('option', { name: new RegExp(barista) })
    .click();
  await page.waitForURL((url) => url.pathname === '/app/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: UserAdminText.ViewingUsersFor })).toHaveValue(
    UserAdminText.AllMerchants,
  );
  await expect(page.getByRole('searchbox', { name: UserAdminText.SearchLabel })).toHaveValue(barista);
  const grid = page.getByRole('grid', { name: 'Users' });
  await expect(grid.getByText(barista)).toBeVisible();
  await expect(grid.getByText('Harbor Lane Coffee Roasters: Cashier')).toBeVisible();
});
