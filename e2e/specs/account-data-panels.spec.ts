import { expect, type Page, test } from '@playwright/test';
import { SubpricingText } from '@portico/contracts/clients/subpricing';
import { clientIdNamed } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// The account data page's Setup MCC Code, Ticket and Certification panels.

// A sign-in, a save and two page loads on a shared two-core machine.
test.slow();

const parent = 'BlueRiver Payments Group';

async function openPanel(page: Page, name: string) {
  await page.getByRole('button', { name: 'Links' }).click();
  await page.getByRole('menuitem', { name }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  return panel;
}

test("staff add an MCC code's sub-pricing from the data page and open its Ticket and Certification panels", async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const id = await clientIdNamed(page, parent);
  await page.goto(`/app/account/${id}/data`);
  await expect(page.getByRole('heading', { name: 'Merchant Information' })).toBeVisible({ timeout: 30_000 });

  const mcc = await openPanel(page, 'Setup MCC Code');
  // 5942 (book stores) is not among BlueRiver's seeded sub-pricing codes.
  await mcc.getByRole('textbox', { name: 'MCC Code' }).fill('5942');
  await mcc.getByRole('textbox', { name: 'Label' }).fill('Bookshops');
  await mcc.getByRole('textbox', { name: 'Card Rate' }).fill('2.95+0.30');
  await mcc.getByRole('button', { name: 'Add Subpricing' }).click();
  await expect(page.getByText(SubpricingText.Added)).toBeVisible();
  await page.keyboard.press('Escape');

  const ticket = await openPanel(page, 'Ticket');
  await expect(ticket.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(ticket.getByRole('button', { name: 'Send Request' })).toBeVisible();
  await page.keyboard.press('Escape');

  const certification = await openPanel(page, 'Certification');
  await expect(certification.getByText('This account is not in certification.')).toBeVisible();
  await page.keyboard.press('Escape');

  // The new row in the parent's sub-pricing table on its account page.
  await page.goto(`/app/account/${id}`);
  const row = page.getByRole('table', { name: 'Sub-pricing' }).getByRole('row').filter({ hasText: '5942' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('textbox', { name: 'Label 5942' })).toHaveValue('Bookshops');
  await expect(row.getByRole('textbox', { name: 'Card Rate 5942' })).toHaveValue('2.95+0.30');
  expect(pageErrors).toEqual([]);
});
