import { expect, test } from '@playwright/test';
import { StatementText, statementDisclaimer } from '@portico/contracts/statements/statements';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// A merchant opens Statements, picks last month, downloads the PDF and reads
// the same totals as the grid; staff open a settlement group.

test.setTimeout(90_000);

async function pdfTextOf(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim() !== '') texts.push(item.str);
  }
  return texts;
}

test('a merchant picks last month, downloads the PDF and reads the grid totals in it', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'owner@harborlanecoffee.example');
  await page.goto('/app/payouts');
  await page.getByRole('tab', { name: StatementText.StatementTab }).click();
  await expect(page).toHaveURL(/\/app\/payouts\?tab=statement$/);

  // Last month, picked by its name in the 'Select Month' list (it is also the default).
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const lastMonthName = lastMonth.toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await page.getByRole('combobox', { name: StatementText.MonthLabel }).click();
  await page.getByRole('option', { name: lastMonthName }).click();

  const grid = page.getByRole('grid', { name: 'Statements', exact: true });
  const row = grid.getByRole('row').nth(1);
  await expect(row).toBeVisible();
  const cells = await row.getByRole('gridcell').allTextContents();
  const [merchant, month, totalAmount, transactions, totalFees, adjustments, chargebacks, net] = cells;
  expect(month).toBe(lastMonth.toISOString().slice(0, 7));
  await expect(page.getByRole('tab', { name: StatementText.DailyTransactionsTab })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: StatementText.PdfStatement }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Statement-${month}.pdf`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  const text = await pdfTextOf(Buffer.concat(chunks));
  expect(text).toContain(merchant);
  expect(text).toContain(`Period: ${lastMonthName}`);
  // The month totals row of the PDF: the grid's figures, to the cent.
  const totalsAt = text.indexOf('Chargebacks and Reversals');
  expect(text.slice(totalsAt + 2, totalsAt + 8)).toEqual([
    transactions,
    totalAmount,
    totalFees,
    adjustments,
    chargebacks,
    net,
  ]);
  // The summary's total row ends with the same net.
  const totalRow = text.indexOf('Total');
  expect(text[totalRow + 6]).toBe(net);
  // The Notes line and the support disclaimer with the configured contact (the server's defaults here).
  const joined = text.join(' ');
  expect(joined).toContain(`${StatementText.NotesLabel}:`);
  expect(joined).toContain(
    statementDisclaimer({ phone: '1-800-555-0199', email: 'support@portico.example' }),
  );
  expect(pageErrors).toEqual([]);
});

test('staff open a settlement group and see its transactions and the Admin Line Item Total', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  await page.goto('/app/payouts');
  const grid = page.getByRole('grid', { name: StatementText.PayoutsTab, exact: true });
  const firstPayout = grid.getByRole('row').nth(1);
  await expect(firstPayout).toBeVisible();
  const [merchant] = await firstPayout.getByRole('gridcell').allTextContents();
  await firstPayout.click();
  const modal = page.getByRole('dialog', { name: StatementText.SettlementGroup });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(merchant ?? '', { exact: true })).toBeVisible();
  await expect(modal.getByText(new RegExp(`^${StatementText.AdminLineItemTotal}: `))).toBeVisible();
  const transactions = modal.getByRole('grid', { name: 'Settlement Group transactions' });
  await expect(transactions.getByRole('row').nth(1)).toBeVisible();
  expect(pageErrors).toEqual([]);
});
