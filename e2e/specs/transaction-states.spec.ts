import { expect, test } from '@playwright/test';
import { formatCentsAsMoney } from '@portico/contracts/money/money';
import { searchResponse, searchTotalsItemOfRow } from '@portico/contracts/transactions/search';
import { searchTotals, TotalsLabel } from '@portico/contracts/transactions/search-totals';
import { VoidText } from '@portico/contracts/transactions/texts';
import { centsOfMoneyText } from '@portico/contracts/transactions/transaction';
import { collectPageErrors } from '../support/page-errors';
import { isoDay, lastDays, reportRowsOf, searchForTransaction, voidablePayment } from '../support/reporting';
import { signInAs } from '../support/sign-in';

// Void a sale and find the original marked Voided with no
// Void action, its detail linked to the void and back; read the same total in the grid footer and
// the search header.

const merchant = 'owner@harborlanecoffee.example';

test('a merchant voids a same-day sale: a toast, the original says Voided with no Void, and links to its void', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchant);
  // The server seeds the day so far from each merchant's latest sales when it starts.
  const row = voidablePayment((await reportRowsOf(page, lastDays(2))).filter(([, t]) => !t.undone_by));
  if (!row)
    throw new Error(
      'No same-day sale of Harbor Lane to void (did Eastern midnight pass since the server started?)',
    );
  const [createdAt, sale] = row;

  const grid = await searchForTransaction(page, sale.id, isoDay(new Date(createdAt)));
  const saleRow = grid.getByRole('row').nth(1);
  await saleRow.getByRole('button', { name: 'Void', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Void Transaction' });
  await dialog.getByRole('button', { name: 'Void Transaction' }).click();
  await expect(page.getByText(VoidText.Successful)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The list reloaded: the original says Voided and no longer offers Void (or Refund).
  await expect(saleRow.getByRole('gridcell', { name: 'Voided', exact: true })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'Void', exact: true })).toHaveCount(0);
  await expect(grid.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);

  const voidRow = (await reportRowsOf(page, lastDays(1))).find(
    ([, t]) => t.data.api_response?.original_transaction_id === sale.id,
  );
  if (!voidRow) throw new Error('The void is not in the report');
  expect(voidRow[1].type).toBe('void');

  // The detail viewer says so, offers no Void, and opens the void, which opens the original again.
  await saleRow.click();
  const detail = page.getByRole('dialog', { name: 'Transaction Details' });
  const happened = detail.getByRole('region', { name: 'What happened' });
  await expect(happened).toContainText('Voided');
  await expect(detail.getByRole('button', { name: 'Void', exact: true })).toHaveCount(0);
  await happened.getByRole('button', { name: 'Open void' }).click();
  await expect(detail.getByText(voidRow[1].id, { exact: true })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Transaction' })).toContainText(
    formatCentsAsMoney(-centsOfMoneyText(sale.amount)),
  );
  await detail.getByRole('button', { name: 'Open original transaction' }).click();
  await expect(detail.getByText(sale.id, { exact: true })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'What happened' })).toContainText('Voided');
  expect(pageErrors).toEqual([]);
});

test('the search header and the grid footer read the same gross and net totals', async ({ page }) => {
  test.setTimeout(60_000);
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchant);
  await page.goto('/app/reporting/search');
  const form = page.getByRole('form', { name: 'Transaction search' });
  const window = lastDays(30);
  await form.getByRole('textbox', { name: 'Start Date' }).fill(window.from);
  await form.getByRole('textbox', { name: 'End Date' }).fill(window.to);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/report/search'));
  await form.getByRole('button', { name: 'Search' }).click();
  const rows = searchResponse.parse(await (await answered).json()).message.value;
  expect(rows.some((row) => row.transaction_details.undone_by !== undefined)).toBe(true);
  const totals = searchTotals(rows.map(searchTotalsItemOfRow));

  const header = page.getByRole('region', { name: 'Search totals' });
  const footer = page.getByTestId('data-grid-totals');
  const gross = `${TotalsLabel.Gross} ${formatCentsAsMoney(totals.grossCents)}`;
  await expect(header.locator(`[data-total="${TotalsLabel.Gross}"]`)).toHaveText(gross);
  await expect(footer.locator(`[data-total="${TotalsLabel.Gross}"]`)).toHaveText(gross);
  // Net only where every row carries its fee (REPORTS_ADVANCED).
  const labels = [
    ...(totals.netCents === null ? [] : [TotalsLabel.Net]),
    TotalsLabel.Average,
    TotalsLabel.Count,
  ];
  for (const label of labels) {
    const inHeader = await header.locator(`[data-total="${label}"]`).textContent();
    expect(inHeader).toMatch(/\S/);
    await expect(footer.locator(`[data-total="${label}"]`)).toHaveText(inHeader ?? '');
  }
  expect(pageErrors).toEqual([]);
});
