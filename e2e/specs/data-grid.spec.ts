import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// Open an internal report, group and export the grid and read the file back,
// save a named layout and load it again after a reload.

const reportName = 'reporting.merchant_volume_by_month';
// Report names read as words.
const heading = 'Internal Reporting: Merchant volume by month';

async function openReport(page: Page) {
  await page.goto('/app/admin-reporting');
  await page.getByRole('link', { name: 'Merchant volume by month' }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  const grid = page.getByRole('grid', { name: heading });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  return grid;
}

async function reportRowCount(page: Page): Promise<number> {
  const response = await page.request.get(`/api/v1/report/all-internal/${reportName}`);
  return z.object({ message: z.array(z.unknown()) }).parse(await response.json()).message.length;
}

test('an admin opens an internal report, groups it and exports what the grid shows', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const grid = await openReport(page);
  const rows = await reportRowCount(page);
  expect(rows).toBeGreaterThan(0);

  await grid.getByRole('button', { name: 'Merchant column menu' }).click();
  await page.getByRole('menuitem', { name: 'Group by this column' }).click();
  await expect(
    page.getByRole('region', { name: 'Row groups' }).or(page.getByLabel('Row groups')),
  ).toContainText('Merchant');
  await expect(grid.locator('[role=row][aria-expanded]').first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`InternalReportingFor${reportName}.xlsx`);
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile(path);
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The export has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headers).toContain('Merchant');
  expect(headers).toContain('Month');
  // Groups are flattened: one line per report row under the header.
  expect(sheet.actualRowCount - 1).toBe(rows);
  const grossColumn = headers.indexOf('Gross') + 1;
  expect(grossColumn).toBeGreaterThan(0);
  expect(typeof sheet.getRow(2).getCell(grossColumn).value).toBe('number');
  expect(pageErrors).toEqual([]);
});

test('a named layout survives a reload', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  let grid = await openReport(page);
  await expect(grid.getByRole('columnheader', { name: /^Parent/ })).toBeVisible();

  // Hide the Parent column, then save the layout under a name.
  await page.getByRole('button', { name: 'Filters & Columns' }).click();
  await page.getByRole('tab', { name: 'Columns' }).click();
  await page.getByRole('list', { name: 'Columns' }).getByRole('checkbox', { name: 'Parent' }).uncheck();
  await expect(grid.getByRole('columnheader', { name: /^Parent/ })).toHaveCount(0);

  const layouts = page.getByRole('group', { name: 'Saved layouts' });
  await layouts.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Field is required')).toBeVisible();
  const name = `Month end ${Date.now() % 100000}`;
  await layouts.getByRole('textbox', { name: 'New layout name' }).fill(name);
  await layouts.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Layout saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  grid = page.getByRole('grid', { name: heading });
  await expect(grid.getByRole('columnheader', { name: /^Parent/ })).toBeVisible();

  await layouts.getByRole('combobox', { name: 'Saved layout' }).click();
  await page.getByRole('option', { name }).click();
  await layouts.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(grid.getByRole('columnheader', { name: /^Parent/ })).toHaveCount(0);
  await expect(grid.getByRole('columnheader', { name: /^Merchant/ })).toBeVisible();
  expect(pageErrors).toEqual([]);
});
