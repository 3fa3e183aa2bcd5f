import { expect, type Locator, test } from '@playwright/test';
import { StatementText } from '@portico/contracts/statements/statements';
import { DashboardLabel } from '@portico/contracts/transactions/texts';
import { collectPageErrors } from '../support/page-errors';
import { mainMenu, signInAs } from '../support/sign-in';

// The portal at a phone's width (390 px): the menu opens and closes, Home's buttons show
// their whole labels, the chart keeps its amount axis, and the report grid shows rows.

test.use({ viewport: { width: 390, height: 844 } });

// A label cut short by its button (ellipsis or clipping) is wider inside than the box that shows it.
async function isLabelWhole(button: Locator): Promise<boolean> {
  return button
    .locator('.mantine-Button-label')
    .evaluate((label) => label.scrollWidth <= label.clientWidth && label.textContent !== '');
}

// The rows keep a usable height of their own below the wrapped toolbar: more than a few rows.
async function expectRowsInView(grid: Locator): Promise<void> {
  await expect(grid.getByRole('row').nth(5)).toBeVisible();
  await grid.scrollIntoViewIfNeeded();
  expect((await grid.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(300);
  await expect(grid.getByRole('row').nth(5)).toBeInViewport();
}

test('at 390 px the menu opens and closes, Home shows whole labels and an amount axis, the report shows rows', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');

  const tools = page.getByRole('group', { name: 'Transaction tools' });
  for (const label of [
    DashboardLabel.OpenVirtualTerminal,
    DashboardLabel.ConfigureVirtualTerminal,
    DashboardLabel.MerchantDataSync,
  ]) {
    const button = tools.getByRole('button', { name: label });
    await expect(button).toBeVisible();
    expect(await isLabelWhole(button), `${label} shows its whole label`).toBe(true);
  }

  const chart = page.getByTestId('monthly-volume-chart');
  await chart.scrollIntoViewIfNeeded();
  // Amount ticks of the axis read '$0', '$20K', '$40K', …
  await expect(chart.locator('svg text', { hasText: /^\$\d+(\.\d)?K?$/ }).nth(2)).toBeVisible();

  // The menu starts closed: the sidebar sits off screen behind the burger.
  const menu = mainMenu(page);
  await expect(menu).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeInViewport();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).not.toBeInViewport();

  // Picking a page closes the menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Reporting', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transaction Report' })).toBeVisible();
  await expect(menu).not.toBeInViewport();

  await expectRowsInView(page.getByRole('grid', { name: 'Transaction Report' }));
  // The warehouse report has the most controls above and totals below its grid.
  await page.goto('/app/admin-reporting/with-snowflake');
  await expectRowsInView(page.getByRole('grid', { name: 'Admin Report (reporting warehouse)' }));
  // A payout's merchant and amount both fit the first screen of the payouts grid.
  await page.goto('/app/payouts');
  const payouts = page.getByRole('grid', { name: StatementText.PayoutsTab, exact: true });
  await expect(payouts.getByRole('row').nth(1)).toBeVisible();
  await expect(payouts.getByRole('columnheader', { name: 'Amount' })).toBeInViewport({ ratio: 1 });
  expect(pageErrors).toEqual([]);
});
