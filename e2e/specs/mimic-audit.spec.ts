import { expect, type Locator, type Page, test } from '@playwright/test';
import { MimicText } from '@portico/contracts/access/mimic';
import { ViewAsText } from '@portico/contracts/access/view-as-session';
import { statsResponse } from '@portico/contracts/transactions/stats';
import { z } from 'zod';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { mainMenu, signInAs } from '../support/sign-in';

// In Chromium: staff mimic a merchant user and stop (a parent may mimic only users who hold no more
// than it does, which the API tier covers); staff view as a merchant and see its numbers; the audit
// page shows those actions.

const barista = 'barista@harborlanecoffee.example';
const admin = 'admin@portico.example';

test.describe.configure({ mode: 'serial' });

const userAnswer = z.object({ message: z.object({ email: z.string() }) });

async function signedInEmail(page: Page): Promise<string> {
  return userAnswer.parse(await (await page.request.get('/api/user')).json()).message.email;
}

function figure(card: Locator, label: string): Locator {
  return card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

test('staff mimic a merchant user, every page says so, and Stop returns to the staff member', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, admin);
  await mainMenu(page).getByRole('link', { name: 'Mimic' }).click();
  await expect(page.getByRole('heading', { name: 'Mimic', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(barista);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MimicText.LinkGenerated)).toBeVisible();
  await page.getByRole('link', { name: MimicText.LinkLabel }).click();

  await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });
  const banner = page.getByRole('region', { name: 'Mimic session' });
  await expect(banner.getByText(`Viewing as ${barista}`)).toBeVisible();
  expect(await signedInEmail(page)).toBe(barista);
  // Another page keeps the mark.
  await page.goto('/app/reporting/classic');
  await expect(banner.getByText(`Viewing as ${barista}`)).toBeVisible();
  // No mimicking from a mimic session, whatever the page offers.
  const again = await page.request.post('/api/loginlink', { data: { email: barista } });
  expect(again.status()).toBe(403);

  await banner.getByRole('button', { name: 'Stop' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText(admin, { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(await signedInEmail(page)).toBe(admin);
  expect(pageErrors).toEqual([]);
});

test('staff view as a merchant from Home and see its numbers, then stop', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, admin);
  const harborId = await clientIdNamed(page, harborLaneName);
  const statsOf = (match: string) =>
    page.waitForResponse((res) => res.url().includes('/api/stats') && res.url().includes(match));

  // The admin's own view of Harbor Lane (merchant selector), in the admin's timezone.
  const chosen = statsOf(`id=${harborId}`);
  await page.getByRole('combobox', { name: 'Merchant' }).fill('Harbor Lane');
  await page.getByRole('option', { name: harborLaneName }).click();
  const chosenStats = statsResponse.parse(await (await chosen).json()).message;

  const viewed = statsOf(`viewAs=${harborId}`);
  await page.getByRole('button', { name: ViewAsText.Start }).click();
  const banner = page.getByRole('region', { name: 'View as' });
  await expect(banner.getByText(`Viewing as ${harborLaneName}`)).toBeVisible();
  // Acting as the merchant's user: no merchant selector, the calls carry the viewed merchant, and
  // the figures are the merchant's.
  const viewedStats = statsResponse.parse(await (await viewed).json()).message;
  await expect(page.getByRole('combobox', { name: 'Merchant' })).toHaveCount(0);
  expect(viewedStats).toEqual(chosenStats);
  const shown = chosenStats.last30[0];
  const card = page.getByRole('region', { name: 'Last 30 Days' });
  await expect(figure(card, 'Transactions')).toHaveText(String(shown?.transactions));
  await expect(card.getByText(`${shown?.start} to ${shown?.end}`)).toBeVisible();

  await banner.getByRole('button', { name: ViewAsText.Stop }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Merchant' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('the audit page shows the mimic and the view-as, with both identities', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, admin);
  await mainMenu(page).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Audit log' });

  // The mimic: the link staff asked for, the session as the barista, the stop.
  await page.getByRole('textbox', { name: 'Actor e-mail' }).fill(admin);
  await page.getByRole('combobox', { name: 'Action' }).fill('Mimic');
  await page.getByRole('option', { name: 'Mimic', exact: true }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(/^Page 1: 3 entries, newest first$/)).toBeVisible();
  await expect(grid.getByText(barista).first()).toBeVisible();
  await expect(grid.getByText(admin).first()).toBeVisible();

  // The admin's view-as: start and stop on Harbor Lane.
  await page.getByRole('textbox', { name: 'Actor e-mail' }).fill(admin);
  await page.getByRole('combobox', { name: 'Action' }).fill('View as');
  await page.getByRole('option', { name: 'View as', exact: true }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // Newest first: this file's start and stop lead (the earlier view-as of access.spec.ts may follow them).
  await expect(page.getByText(/^Page 1: \d+ entries, newest first$/)).toBeVisible();
  for (const rowIndex of ['2', '3']) {
    await expect(grid.locator(`[role="row"][aria-rowindex="${rowIndex}"]`)).toContainText(harborLaneName);
  }
  expect(pageErrors).toEqual([]);
});
