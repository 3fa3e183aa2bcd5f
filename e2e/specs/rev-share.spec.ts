import { expect, test } from '@playwright/test';
import { RevShareText } from '@portico/contracts/billing/revenue-share';
import { StatementText, statementDisclaimer } from '@portico/contracts/statements/statements';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// A parent sees its revenue share in the grouped grid (the Merchant group,
// then the Performance group, as the grid's own column-group header row).

test.setTimeout(90_000);

test('a parent sees its revenue share under the Merchant and Performance column groups', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'reseller@summitms.example');
  await page.goto('/app/rev-share');
  await expect(page.getByRole('heading', { level: 1, name: RevShareText.PageTitle })).toBeVisible();
  const grid = page.getByRole('grid', { name: RevShareText.PageTitle });
  await expect(grid.getByRole('row').nth(2)).toBeVisible();

  const groupRow = grid.getByRole('row').first();
  await expect(groupRow).toHaveAttribute('aria-rowindex', '1');
  const merchantGroup = groupRow.getByRole('columnheader', { name: RevShareText.MerchantGroup });
  const performanceGroup = groupRow.getByRole('columnheader', { name: RevShareText.PerformanceGroup });
  await expect(merchantGroup).toHaveAttribute('aria-colspan', '3');
  await expect(performanceGroup).toHaveAttribute('aria-colindex', '4');
  // The caption sits above its columns' titles, as wide as they are together.
  const titles = grid.getByRole('row').nth(1);
  const first = await titles.getByRole('columnheader').first().boundingBox();
  const third = await titles.getByRole('columnheader').nth(2).boundingBox();
  const caption = await merchantGroup.boundingBox();
  if (!first || !third || !caption) throw new Error('the header is not laid out');
  expect(caption.y + caption.height).toBeLessThanOrEqual(first.y + 1);
  expect(Math.round(caption.x)).toBe(Math.round(first.x));
  expect(Math.round(caption.width)).toBe(Math.round(third.x + third.width - first.x));
  expect(pageErrors).toEqual([]);
});

test("the statement page prints the server's support disclaimer, the PDF's", async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'owner@harborlanecoffee.example');
  await page.goto('/app/statement');
  await expect(page.getByRole('heading', { level: 1, name: StatementText.PageTitle })).toBeVisible();
  // The e2e server runs with the default SUPPORT_PHONE and SUPPORT_EMAIL.
  await expect(
    page.getByText(statementDisclaimer({ phone: '1-800-555-0199', email: 'support@portico.example' })),
  ).toBeVisible();
  expect(pageErrors).toEqual([]);
});
