import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { parseDecimalToCents } from '@portico/contracts/money/money';
import { TotalsLabel } from '@portico/contracts/transactions/search-totals';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// Costing from the seeded transactions and cost models, exported and read back; the
// admin reporting Home and with-snowflake tabs.

// Sign-in, a 90-day aggregate, an export and a second view: more than the default 30 s on a busy
// machine.
test.setTimeout(90_000);

const costingRows = z.object({
  message: z.array(z.object({ costing_total: z.string(), transactions: z.number() })),
});

async function costingFromApi(page: Page, start: string, end: string) {
  const response = await page.request.get(`/api/costing?start=${start}&end=${end}`);
  expect(response.ok()).toBe(true);
  return costingRows.parse(await response.json()).message;
}

function cellNumber(value: ExcelJS.CellValue): number {
  if (typeof value === 'number') return value;
  throw new Error(`Not a number cell: ${String(value)}`);
}

test('an admin reads costing for the last 90 days and exports Costing.xlsx', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  await page.goto('/app/costing');
  await expect(page.getByRole('heading', { name: 'Costing', exact: true })).toBeVisible();

  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(90);

  const grid = page.getByRole('grid', { name: 'Costing', exact: true });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: /^Costing Total/ })).toBeVisible();
  await expect(page.getByTestId('data-grid-totals')).toContainText('Costing Total TOTAL');

  const rows = await costingFromApi(page, from, to);
  expect(rows.length).toBeGreaterThan(0);
  // Computed from the seeded transactions: some of them cost something.
  const totalCents = rows.reduce((sum, row) => sum + (parseDecimalToCents(row.costing_total) ?? 0), 0);
  expect(totalCents).toBeGreaterThan(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Costing.xlsx');
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile(await download.path());
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The export has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  for (const header of ['Settlement Date', 'Merchant', 'Costing Total', 'Profit', 'FIS Interchange Amount']) {
    expect(headers).toContain(header);
  }
  expect(headers).toContain('Bluesnap Percent of Remaining Margin');
  expect(sheet.actualRowCount - 1).toBe(rows.length);
  const totalColumn = headers.indexOf('Costing Total') + 1;
  let exportedCents = 0;
  for (let line = 2; line <= sheet.actualRowCount; line++) {
    exportedCents += Math.round(cellNumber(sheet.getRow(line).getCell(totalColumn).value) * 100);
  }
  expect(exportedCents).toBe(totalCents);

  await page.getByRole('tab', { name: 'Estimates' }).click();
  await expect(page).toHaveURL(/\/app\/costing\?view=estimates$/);
  const estimates = page.getByRole('grid', { name: 'Costing Estimates' });
  await expect(estimates.getByRole('row').nth(1)).toBeVisible();
  await expect(estimates.getByRole('columnheader', { name: /^Merchant/ })).toBeVisible();
  // One line per costed transaction of the same window.
  const estimateRows = await page.request.get(`/api/v1/costing?start=${from}&end=${to}`);
  const estimated = z.object({ message: z.array(z.unknown()) }).parse(await estimateRows.json()).message;
  expect(estimated.length).toBeGreaterThan(0);
  await expect(
    page.getByText(`${estimated.length.toLocaleString('en-US')} rows`, { exact: true }),
  ).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('admin reporting: Home shows the internal reports and the last 30 days; with-snowflake reads the reporting source', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  // The last 30 days are counted in the admin's zone setting, whose day may differ from the
  // browser's (UTC here) for some hours after midnight UTC.
  const userZone = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/timezone');
  await page.goto('/app/admin-reporting');
  const zonePairs: [string, string][] = (await (await userZone).json()).message;
  const zone = zonePairs[0]?.[0] ?? 'UTC';
  await expect(page.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Merchant volume by month' })).toBeVisible();
  const home = page.getByRole('grid', { name: 'Admin Report', exact: true });
  await expect(home.getByRole('row').nth(1)).toBeVisible();
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(30);
  expect(to).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date()));
  // The one gross and net total of the report pages, not a sum per column.
  await expect(page.getByTestId('data-grid-totals')).toContainText(TotalsLabel.Gross);

  const warehouseCall = page.waitForRequest((request) => request.url().includes('snowflake=true'));
  await page.getByRole('tab', { name: 'Reporting warehouse' }).click();
  await expect(page).toHaveURL(/\/app\/admin-reporting\/with-snowflake$/);
  expect(new URL((await warehouseCall).url()).searchParams.get('start')).toBe(from);
  const warehouse = page.getByRole('grid', { name: 'Admin Report (reporting warehouse)' });
  await expect(warehouse.getByRole('row').nth(1)).toBeVisible();
  expect(pageErrors).toEqual([]);
});
