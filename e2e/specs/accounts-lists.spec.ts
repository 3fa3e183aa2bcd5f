import { expect, type Page, test } from '@playwright/test';
import { SignUpText } from '@portico/contracts/clients/sign-up';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { waitForLinkInMail } from '../support/mailbox';
import { collectPageErrors } from '../support/page-errors';
import { mainMenu, signInAs } from '../support/sign-in';

// In Chromium: staff find a merchant on Accounts with the grid filter
// and open it; a parent sees only its hierarchy and a merchant user only its own merchant, each from
// the menu; a business signs up from the login page, gets its link by e-mail and shows in Onboarding.

const copperKettleName = 'Copper Kettle Bistro';
const dentalName = 'Harborview Family Dental';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function openAccountsFromMenu(page: Page) {
  await expect(mainMenu(page)).toHaveAttribute('aria-busy', 'false');
  await mainMenu(page).getByRole('link', { name: 'Accounts', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/merchants$/);
  await expect(page.getByRole('heading', { name: 'Merchants', level: 1 })).toBeVisible();
  return page.getByRole('grid', { name: 'Merchants' });
}

test('staff find a merchant with the grid filter and open its account', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const grid = await openAccountsFromMenu(page);
  // The grid opens on every client by name: the first one shows before the filter, not after.
  const everyClient: { message: { name: string }[] } = await (
    await page.request.get('/api/client/all')
  ).json();
  const firstName = everyClient.message[0]?.name ?? '';
  expect(firstName).not.toBe(harborLaneName);
  const firstRow = grid.getByRole('row', { name: new RegExp(escapeRegExp(firstName)) });
  await expect(firstRow).toBeVisible();

  await page.getByRole('button', { name: 'Filters & Columns' }).click();
  await page.getByRole('tab', { name: 'Filters' }).click();
  await page
    .getByRole('complementary', { name: 'Filters and columns' })
    .getByRole('button', { name: 'Name', exact: true })
    .click();
  await page.getByRole('textbox', { name: 'Name contains' }).fill('Harbor Lane');
  await expect(firstRow).toHaveCount(0);
  const harbor = grid.getByRole('row', { name: new RegExp(harborLaneName) });
  await expect(harbor).toBeVisible();

  const harborId = await clientIdNamed(page, harborLaneName);
  await harbor.click();
  await expect(page).toHaveURL(new RegExp(`/app/account/${harborId}$`));
  expect(pageErrors).toEqual([]);
});

test('a parent sees only its own merchants on Accounts', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'reseller@summitms.example');
  const grid = await openAccountsFromMenu(page);
  await expect(grid.getByRole('row', { name: new RegExp(harborLaneName) })).toBeVisible();
  await expect(grid.getByRole('row', { name: new RegExp(copperKettleName) })).toBeVisible();
  await expect(grid.getByRole('row', { name: new RegExp(dentalName) })).toHaveCount(0);
  // The server leaves it out, not only the page.
  const answer = await page.request.get('/api/client/all');
  expect(JSON.stringify(await answer.json())).not.toContain(dentalName);
  expect(pageErrors).toEqual([]);
});

test('a merchant user opens Accounts from its menu and sees only its own merchant', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'owner@harborlanecoffee.example');
  const grid = await openAccountsFromMenu(page);
  await expect(grid.getByRole('row', { name: new RegExp(harborLaneName) })).toBeVisible();
  await expect(grid.getByRole('row', { name: new RegExp(copperKettleName) })).toHaveCount(0);
  const answer = await page.request.get('/api/client/all');
  expect(answer.ok()).toBe(true);
  const body: { message: { name: string }[] } = await answer.json();
  expect(body.message.map((row) => row.name)).toEqual([harborLaneName]);
  // The sub-pricing below is read-only for a merchant user.
  await expect(page.getByRole('heading', { name: 'Sub-pricing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Subpricing' })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a business signs up from the login page, gets its link by e-mail and appears in Onboarding', async ({
  browser,
}) => {
  // Two sign-ins and a mail round trip.
  test.slow();
  const visitor = await browser.newPage();
  const visitorErrors = collectPageErrors(visitor);
  const stamp = Date.now();
  const business = `Juniper Tea House ${stamp}`;
  const email = `june.${stamp}@junipertea.example`;
  await visitor.goto('/app/login');
  await visitor.getByRole('link', { name: 'Sign Up' }).click();
  await expect(visitor).toHaveURL(/\/app\/sign-up$/);
  await visitor.getByRole('textbox', { name: 'Business name' }).fill(business);
  await visitor.getByRole('textbox', { name: 'First name' }).fill('June');
  await visitor.getByRole('textbox', { name: 'Last name' }).fill('Park');
  await visitor.getByRole('textbox', { name: 'Email' }).fill(email);
  const since = Date.now();
  await visitor.getByRole('button', { name: SignUpText.Submit }).click();
  await expect(visitor.getByRole('status')).toHaveText(SignUpText.Received);

  // The link to finish the application opens it.
  const link = await waitForLinkInMail(email, since, /https?:\/\/\S+\/app\/enroll\/\S+/);
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Merchant Application' })).toBeVisible();
  await expect(visitor.getByRole('textbox', { name: 'Business Name (DBA)' })).toHaveValue(business);
  expect(visitorErrors).toEqual([]);

  const staff = await browser.newPage();
  const staffErrors = collectPageErrors(staff);
  await signInAs(staff, 'admin@portico.example');
  await staff.goto('/app/onboarding');
  await expect(
    staff.getByRole('grid', { name: 'Onboarding' }).getByRole('row', { name: new RegExp(business) }),
  ).toBeVisible();
  expect(staffErrors).toEqual([]);
});
