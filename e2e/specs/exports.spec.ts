import { readFile } from 'node:fs/promises';
import { expect, type Response, test } from '@playwright/test';
import { ExportText } from '@portico/contracts/exports/exports';
import { reportPageResponse } from '@portico/contracts/transactions/report';
import { collectPageErrors } from '../support/page-errors';
import { lastDays, setReportDates } from '../support/reporting';
import { signInAs } from '../support/sign-in';

// 'All matching rows': a merchant asks the server for every row of the report's window, follows the
// export on the Exports page (reached from their name in the sidebar) and downloads the file, whose
// rows are the report's.

const merchant = 'owner@harborlanecoffee.example';

function isFirstPage(response: Response, range: { from: string; to: string }): boolean {
  const url = new URL(response.url());
  return (
    url.pathname === '/api/v1/report' &&
    url.searchParams.get('start') === range.from &&
    url.searchParams.get('end') === range.to &&
    url.searchParams.get('page') === '0'
  );
}

test('a merchant exports all matching rows of the report and downloads them from Exports', async ({
  page,
}, testInfo) => {
  // The export runs on the server's job runner: the whole round trip takes more than a page does.
  test.setTimeout(180_000);
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchant);
  await page.goto('/app/reporting/classic');
  await expect(page.getByRole('heading', { name: 'Transaction Report' })).toBeVisible();

  // A page of 25 on screen; the export holds every row of the year.
  await page.getByRole('combobox', { name: 'Page Size' }).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  const range = lastDays(365);
  const firstPage = page.waitForResponse((response) => isFirstPage(response, range));
  await setReportDates(page, range);
  const { total } = reportPageResponse.parse(await (await firstPage).json());
  expect(total).toBeGreaterThan(25);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'CSV, by the server' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('export-menu-1440.png') });
  const asked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/exports/transaction-report',
  );
  await page.getByRole('menuitem', { name: 'CSV, by the server' }).click();
  expect((await asked).status()).toBe(200);
  await expect(page.getByText(ExportText.Requested)).toBeVisible();

  // The way to the list from the notice; the sidebar's user block has it too.
  await expect(page.getByRole('link', { name: 'Exports', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Open Exports' }).click();
  await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible();
  const newest = page.getByRole('list', { name: 'Exports' }).getByRole('listitem').first();
  await expect(newest.getByText(`Ready: ${total.toLocaleString('en-US')} rows`)).toBeVisible({
    timeout: 60_000,
  });
  await page.screenshot({ path: testInfo.outputPath('exports-1440.png'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await newest.getByRole('link', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Transaction Report \d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines.at(-1)).toBe('');
  // The header names the zone the times are in; one line per row of the report's window.
  expect(lines[0]).toMatch(/^Date \([A-Za-z_/]+\),Merchant,Amount,Status,/);
  expect(lines.length - 2).toBe(total);
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},Harbor Lane Coffee Roasters,"?-?\$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/exports');
  await expect(newest.getByRole('link', { name: 'Download' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('exports-390.png'), fullPage: true });
  await page.goto('/app/reporting/classic');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'CSV, by the server' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('export-menu-390.png') });
  expect(pageErrors).toEqual([]);
});

test('a merchant schedules a saved layout of the report and finds it under Exports', async ({
  page,
}, testInfo) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchant);
  await page.goto('/app/reporting/classic');
  await expect(page.getByRole('heading', { name: 'Transaction Report' })).toBeVisible();
  await setReportDates(page, lastDays(7));

  // A named layout, then Schedule for it: weekly on Friday, the file attached to the owner.
  const layoutName = `Weekly takings ${testInfo.workerIndex}${Date.now() % 10_000}`;
  await page.getByRole('textbox', { name: 'New layout name' }).fill(layoutName);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Layout saved')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Schedule '${layoutName}'` });
  await expect(dialog.getByText('Sam Rivera (owner@harborlanecoffee.example)')).toBeVisible();
  await dialog.getByLabel('Frequency', { exact: true }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await dialog.getByLabel('Day of the week', { exact: true }).click();
  await page.getByRole('option', { name: 'Friday' }).click();
  await page.screenshot({ path: testInfo.outputPath('schedule-1440.png') });
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Report scheduled')).toBeVisible();

  // The list at 390 px: the card keeps its words and buttons.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/exports');
  const item = page
    .getByRole('list', { name: 'Scheduled reports' })
    .getByRole('listitem', { name: `${layoutName} (Transaction Report)` });
  await expect(
    item.getByText(/^Weekly on Friday at 08:00 \(.+\) · Excel · the file, attached$/),
  ).toBeVisible();
  await expect(item.getByText(/To Sam Rivera · next run \d{4}-\d{2}-\d{2} 08:00:00/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('schedules-390.png'), fullPage: true });
  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Schedule paused')).toBeVisible();
  await expect(item.getByText('Paused', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(item).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
