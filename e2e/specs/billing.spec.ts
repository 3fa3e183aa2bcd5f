import { expect, test } from '@playwright/test';
import { BillingText, monthlyBillDescription } from '@portico/contracts/billing/billing';
import { shiftYearMonth, statementMonthLabel } from '@portico/contracts/statements/statement-month';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// Staff switch a merchant's monthly billing off and on, create a month's bill
// for it, and pay the bill once on the Billing page.

test.setTimeout(120_000);

test('staff switch monthly billing off and on, create a bill and pay it once', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  await page.goto('/app/monthly-billing');
  await expect(page.getByRole('heading', { level: 1, name: BillingText.MonthlyBillingTitle })).toBeVisible();
  await expect(page.getByRole('tab', { name: BillingText.MonthlyBillingTab })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: BillingText.ConfigurationTab }).click();

  // The first merchant of the Configuration grid, whoever it is in the seed.
  const grid = page.getByRole('grid', { name: BillingText.ConfigurationTab });
  const box = grid.getByRole('checkbox').first();
  await expect(box).toBeVisible();
  const label = (await box.getAttribute('aria-label')) ?? '';
  const merchant = label.replace(`${BillingText.MonthlyBillingTitle}: `, '');
  const merchantBox = grid.getByRole('checkbox', { name: label, exact: true });

  // Off (DELETE) and on again (PUT), each answered by the server.
  if (!(await merchantBox.isChecked())) {
    await merchantBox.click();
    await expect(merchantBox).toBeChecked();
  }
  const off = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/merchants/'),
  );
  await merchantBox.click();
  expect((await off).status()).toBe(200);
  await expect(merchantBox).not.toBeChecked();
  const on = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/merchants/'));
  await merchantBox.click();
  expect((await on).status()).toBe(200);
  await expect(merchantBox).toBeChecked();

  // A month older than the seeded bills: two years back, the oldest in the list.
  const month = shiftYearMonth(new Date().toISOString().slice(0, 7), -24);
  await page.getByRole('combobox', { name: BillingText.BillMonthLabel }).click();
  await page.getByRole('option', { name: statementMonthLabel(month) }).click();
  const created = page.waitForResponse((r) => r.url().includes('/merchant-bills'));
  await grid.getByRole('button', { name: `${BillingText.CreateBill}: ${merchant}`, exact: true }).click();
  const bill = await created;
  expect(bill.status()).toBe(200);
  await expect(grid.getByText(BillingText.BillCreated)).toBeVisible();
  // A second time: refused, nothing created.
  const again = page.waitForResponse((r) => r.url().includes('/merchant-bills'));
  await grid.getByRole('button', { name: `${BillingText.CreateBill}: ${merchant}`, exact: true }).click();
  expect((await again).status()).toBe(409);
  await expect(grid.getByText(BillingText.MonthAlreadyBilled)).toBeVisible();

  // The bill on the Billing page, oldest first, paid once.
  await page.goto('/app/billing');
  const bills = page.getByRole('grid', { name: BillingText.LineItemTab });
  const dateHeader = bills.getByRole('columnheader', { name: /^Statement Date/ });
  await expect(dateHeader).toBeVisible();
  while ((await dateHeader.getAttribute('aria-sort')) !== 'ascending') await dateHeader.click();
  const row = bills
    .getByRole('row')
    .filter({ hasText: monthlyBillDescription(month) })
    .filter({ hasText: merchant });
  await expect(row).toHaveCount(1);
  const paying = page.waitForResponse((r) => r.url().endsWith('/pay'));
  await row.getByRole('button', { name: new RegExp(`^${BillingText.PayBill}`) }).click();
  expect((await paying).status()).toBe(200);
  await expect(row.getByText(BillingText.AlreadyPaid)).toBeVisible();
  await expect(row.getByRole('button', { name: new RegExp(`^${BillingText.PayBill}`) })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
