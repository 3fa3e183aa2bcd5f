import { expect, type Page, test } from '@playwright/test';
import { harborLaneName } from '../support/clients';
import { waitForEmailLink } from '../support/mailbox';
import { collectPageErrors } from '../support/page-errors';
import { setUpAuthenticatorAtSignIn } from '../support/second-factor';
import { expectedMenuTitles, menuTitlesOf, signInAs } from '../support/sign-in';

// In Chromium: staff add a user with a role and a location on /users; the
// welcome e-mail's link and the second factor the user sets up (the role reaches payouts) sign the user
// in to the menu of that role and a report of that location's
// transactions only; staff revoke a permission of the role on /permissions and the user's next click
// is refused by the server.

// Mantine Select: open the combobox by its label and pick the option.
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('staff add a user with a role and a location, the user signs in by the e-mailed link and sees that location only, and a revoked permission refuses the next click', async ({
  browser,
}) => {
  // Two people, an e-mailed link and three pages: longer than the default budget.
  test.setTimeout(90_000);
  const staff = await browser.newPage();
  const staffErrors = collectPageErrors(staff);
  await signInAs(staff, 'admin@portico.example');

  // Users page: choose Harbor Lane, add a Bookkeeper (Reports, advanced fields, payouts, documents).
  await staff.goto('/app/users');
  await expect(staff.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await choose(staff, 'Viewing Users For', harborLaneName);
  await expect(
    staff.getByRole('grid', { name: 'Users' }).getByText('owner@harborlanecoffee.example'),
  ).toBeVisible();
  const email = `bookkeeper.${Date.now()}@harborlanecoffee.example`;
  await staff.getByRole('button', { name: 'Add user' }).click();
  const form = staff.getByRole('dialog', { name: 'Add user' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Avery');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Ledger');
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await choose(staff, `Role at ${harborLaneName}`, 'Bookkeeper');
  await form.getByRole('combobox', { name: 'Locations' }).click();
  await staff.getByRole('option', { name: 'Alberta Arts', exact: true }).click();
  await staff.keyboard.press('Escape');
  const since = Date.now();
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(staff.getByText('Successfully added!', { exact: true })).toBeVisible();
  await expect(staff.getByRole('grid', { name: 'Users' }).getByText(email)).toBeVisible();

  // The new user opens the welcome e-mail's link in their own browser.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  const userErrors = collectPageErrors(user);
  const link = await waitForEmailLink(email, since);
  await user.goto(link);
  // Payouts need a second factor: the first sign-in sets one up before anything else.
  await expect(user).toHaveURL(/\/app\/second-factor$/, { timeout: 15_000 });
  await setUpAuthenticatorAtSignIn(user, email);
  await expect(user).toHaveURL(/\/app\/home$/, { timeout: 15_000 });
  const titles = await menuTitlesOf(user);
  expect(titles).toEqual(await expectedMenuTitles(user));
  expect(titles).toContain('Reporting');
  expect(titles).not.toContain('Permissions');
  expect(titles).not.toContain('Users');

  // The report holds Alberta Arts' transactions and none of Harbor Lane's other locations.
  const report = user.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/report' && response.status() === 200,
  );
  await user.goto('/app/reporting/classic');
  const reportGrid = user.getByRole('grid', { name: 'Transaction Report' });
  await expect(reportGrid).toBeVisible();
  // The page's own call, widened to the whole seeded year: every location's sales are in it.
  const reportUrl = new URL((await report).url());
  reportUrl.searchParams.delete('start_at');
  reportUrl.searchParams.delete('end_at');
  reportUrl.searchParams.set('start', '2000-01-01');
  reportUrl.searchParams.set('end', '2100-01-01');
  const wide = await user.request.get(reportUrl.toString());
  expect(wide.status()).toBe(200);
  const rows: [string, { data: { api_response?: { sub_location?: { name?: string } } } }][] = (
    await wide.json()
  ).message;
  const locations = new Set(rows.map(([, row]) => row.data.api_response?.sub_location?.name));
  expect(rows.length).toBeGreaterThan(0);
  expect([...locations]).toEqual(['Alberta Arts']);

  // Staff revoke Reports from Bookkeeper on the permissions page.
  await staff.goto('/app/permissions');
  await expect(staff.getByRole('heading', { name: 'Permissions', level: 1 })).toBeVisible();
  await choose(staff, 'Merchant', harborLaneName);
  await expect(staff.getByRole('table', { name: 'Users' }).getByText('Avery Ledger')).toBeVisible();
  await staff.getByRole('button', { name: 'Configure Roles' }).click();
  const roles = staff.getByRole('dialog', { name: `Configure Roles: ${harborLaneName}` });
  await choose(staff, 'Role', 'Bookkeeper');
  const reports = roles.getByRole('checkbox', { name: 'Reports', exact: true });
  await expect(reports).toBeChecked();
  const saved = staff.waitForResponse(
    (response) => response.url().endsWith('/permissions') && response.request().method() === 'PUT',
  );
  // The box is a draft until Save: the role is saved with what changed, in one call.
  await reports.click();
  await expect(roles.getByText('1 change not saved yet')).toBeVisible();
  await roles.getByRole('button', { name: 'Save permissions' }).click();
  expect((await saved).status()).toBe(200);
  await expect(staff.getByText('Permissions saved.')).toBeVisible();
  await expect(reports).not.toBeChecked();
  await expect(roles.getByRole('button', { name: 'Save permissions' })).toBeDisabled();

  // The user's next click asks again and the server refuses it.
  const refused = user.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/report' && response.status() === 403,
  );
  await user.getByRole('button', { name: 'Refresh' }).click();
  await refused;

  expect(staffErrors).toEqual([]);
  expect(userErrors).toEqual([]);
  await userContext.close();
});
