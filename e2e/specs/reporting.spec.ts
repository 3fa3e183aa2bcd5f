import { readFile } from 'node:fs/promises';
import { expect, type Page, type Response, test } from '@playwright/test';
import { formatCentsAsMoney } from '@portico/contracts/money/money';
import { reportPageResponse } from '@portico/contracts/transactions/report';
import { searchResponse, searchTotalsItemOfRow } from '@portico/contracts/transactions/search';
import { searchTotals } from '@portico/contracts/transactions/search-totals';
import { RefundText } from '@portico/contracts/transactions/texts';
import { VoidRefundRefusalText } from '@portico/contracts/transactions/void-refund';
import ExcelJS from 'exceljs';
import { collectPageErrors } from '../support/page-errors';
import {
  disputedPaymentIds,
  isoDay,
  lastDays,
  refundableCardPayment,
  reportRowsOf,
  searchForTransaction,
  setReportDates,
  voidablePayment,
} from '../support/reporting';
import { signInAs } from '../support/sign-in';

// Reporting: page through the report, load all with progress and cancel,
// export and read the file back, run a search, share its url and restore it, void a same-day
// transaction, refund part of an older one, and try a second refund beyond the amount.

const merchant = 'owner@harborlanecoffee.example';
const admin = 'admin@portico.example';
const countFormat = new Intl.NumberFormat('en-US');

function isPagedReport(
  response: Response,
  page: number,
  size: number,
  range?: { from: string; to: string },
): boolean {
  const url = new URL(response.url());
  return (
    url.pathname === '/api/v1/report' &&
    (range === undefined ||
      (url.searchParams.get('start') === range.from && url.searchParams.get('end') === range.to)) &&
    url.searchParams.get('page') === String(page) &&
    url.searchParams.get('size') === String(size) &&
    response.request().method() === 'GET'
  );
}

async function pagedAnswer(response: Response) {
  return reportPageResponse.parse(await response.json());
}

async function openClassicReport(page: Page) {
  await page.goto('/app/reporting/classic');
  await expect(page.getByRole('heading', { name: 'Transaction Report' })).toBeVisible();
  return page.getByRole('grid', { name: 'Transaction Report' });
}

async function choosePageSize(page: Page, size: number) {
  await page.getByRole('combobox', { name: 'Page Size' }).click();
  await page.getByRole('option', { name: String(size), exact: true }).click();
}

test('a merchant pages through the report and exports a page that reads back', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchant);
  await openClassicReport(page);

  await choosePageSize(page, 25);
  const year = lastDays(365);
  const firstPage = page.waitForResponse((response) => isPagedReport(response, 0, 25, year));
  await setReportDates(page, year);
  const first = await pagedAnswer(await firstPage);
  const pages = Math.ceil(first.total / 25);
  expect(pages).toBeGreaterThan(2);
  await expect(page.getByLabel('Total pages')).toHaveText(`of ${pages}`);
  await expect(page.getByText('25 rows', { exact: true })).toBeVisible();

  const secondPage = page.waitForResponse((response) => isPagedReport(response, 1, 25));
  await page.getByRole('button', { name: 'Next' }).click();
  const second = await pagedAnswer(await secondPage);
  expect(second.message[0]?.[1].id).not.toBe(first.message[0]?.[1].id);
  await expect(page.getByRole('spinbutton', { name: 'Page number' })).toHaveValue('2');

  // A page beyond the last is clamped to the last.
  const lastPage = page.waitForResponse((response) => isPagedReport(response, pages - 1, 25));
  await page.getByRole('spinbutton', { name: 'Page number' }).fill('999');
  await page.getByRole('spinbutton', { name: 'Page number' }).press('Enter');
  const last = await pagedAnswer(await lastPage);
  await expect(page.getByRole('spinbutton', { name: 'Page number' })).toHaveValue(String(pages));
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  const rowsOnLastPage = first.total - 25 * (pages - 1);
  expect(last.message).toHaveLength(rowsOnLastPage);
  await expect(page.getByText(`${rowsOnLastPage} rows`, { exact: true })).toBeVisible();

  const downloading = page.waitForEvent('download');
  // Export is a menu on the report: This view (the browser) or All matching rows (the server).
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Transaction Report.xlsx');
  const bytes = await readFile(await download.path());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The export has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  // The owner holds 'Reports - Advanced Fields': Fee, Net Amount and Surcharge are there.
  expect(headers).toEqual(
    expect.arrayContaining(['Date', 'Merchant', 'Transaction ID', 'Amount', 'Fee', 'Net Amount']),
  );
  expect(sheet.actualRowCount - 1).toBe(rowsOnLastPage);
  const idColumn = headers.indexOf('Transaction ID') + 1;
  const amountColumn = headers.indexOf('Amount') + 1;
  const exportedIds = new Set<unknown>();
  for (let line = 2; line <= sheet.actualRowCount; line += 1)
    exportedIds.add(sheet.getRow(line).getCell(idColumn).value);
  expect(exportedIds).toEqual(new Set(last.message.map((row) => row[1].id)));
  expect(typeof sheet.getRow(2).getCell(amountColumn).value).toBe('number');
  expect(pageErrors).toEqual([]);
});

test('an admin loads all results with a progress bar, cancels, then loads them all', async ({ page }) => {
  test.setTimeout(120_000);
  const pageErrors = collectPageErrors(page);
  await signInAs(page, admin);
  await openClassicReport(page);
  const year = lastDays(365);
  const paged = page.waitForResponse((response) => isPagedReport(response, 0, 250, year));
  await setReportDates(page, year);
  const { total } = await pagedAnswer(await paged);
  expect(total).toBeGreaterThan(1000);

  // A slow line, so the stream is seen arriving and can be cancelled half way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 150 * 1024,
    uploadThroughput: -1,
  });
  await page.getByRole('button', { name: 'Load All Results' }).click();
  await expect(page.getByText('All Results', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Load all progress' })).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^Loaded [\\d,]+ of ${countFormat.format(total)} rows$`)),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  // No page count of the paged mode while all results show.
  await expect(page.getByRole('spinbutton', { name: 'Page number' })).toHaveCount(0);
  await expect(page.getByLabel('Total pages')).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel' }).click();
  const cancelled = page.getByText(/^Loading cancelled after [\d,]+ rows\.$/);
  await expect(cancelled).toBeVisible();
  const kept = Number((await cancelled.textContent())?.replace(/\D/g, ''));
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(total);
  await expect(page.getByText(`${countFormat.format(kept)} rows`, { exact: true })).toBeVisible();
  // Aborted requests are silent.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('All Results', { exact: true })).toHaveCount(0);

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const stream = page.waitForResponse((response) => response.url().includes('is_portal_request=true'));
  await page.getByRole('button', { name: 'Load All Results' }).click();
  expect((await stream).headers()['content-type']).toContain('application/x-ndjson');
  await expect(page.getByText(`Loaded all ${countFormat.format(total)} rows.`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(`${countFormat.format(total)} rows`, { exact: true })).toBeVisible();
  await expect(page.getByText('All Results', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Rows loaded')).toHaveText(`All ${countFormat.format(total)} rows`);

  await page.getByRole('button', { name: 'Apply Range (Paged)' }).click();
  await expect(page.getByText('All Results', { exact: true })).toHaveCount(0);
  await expect(page.getByText('250 rows', { exact: true })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('a merchant runs a search, shares its url and the url restores it', async ({ page, context }) => {
  // Two pages, two searches over 60 days and a sign-in.
  test.slow();
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchant);
  await page.goto('/app/reporting/search');
  const form = page.getByRole('form', { name: 'Transaction search' });
  const window = lastDays(60);
  await form.getByRole('textbox', { name: 'Start Date' }).fill(window.from);
  await form.getByRole('textbox', { name: 'End Date' }).fill(window.to);
  await form.getByRole('checkbox', { name: 'Use Payment Type' }).check();
  await form.getByRole('combobox', { name: 'Payment Type' }).click();
  await page.getByRole('option', { name: 'card', exact: true }).click();
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/report/search'));
  await form.getByRole('button', { name: 'Search' }).click();
  const rows = searchResponse.parse(await (await answered).json()).message.value;
  expect(rows.length).toBeGreaterThan(0);
  await expect(page.getByText(`${countFormat.format(rows.length)} rows`, { exact: true })).toBeVisible();
  const totals = searchTotals(rows.map(searchTotalsItemOfRow));
  await expect(page.getByRole('region', { name: 'Search totals' })).toContainText(
    `Count ${countFormat.format(totals.count)}`,
  );
  await expect(page.getByRole('region', { name: 'Search totals' })).toContainText(
    `Gross total ${formatCentsAsMoney(totals.grossCents)}`,
  );

  const shared = page.url();
  expect(new URL(shared).searchParams.get('q')).toContain('"payment_type":"card"');
  const other = await context.newPage();
  const restored = other.waitForResponse((response) => response.url().endsWith('/api/v1/report/search'));
  await other.goto(shared);
  const again = searchResponse.parse(await (await restored).json()).message.value;
  expect(again.map((row) => row.id)).toEqual(rows.map((row) => row.id));
  await expect(other.getByRole('form', { name: 'Transaction search' })).toHaveCount(0);
  await expect(other.getByText(`${countFormat.format(rows.length)} rows`, { exact: true })).toBeVisible();

  await other.getByRole('button', { name: 'Refine Search' }).click();
  const refine = other.getByRole('form', { name: 'Transaction search' });
  await expect(refine.getByRole('checkbox', { name: 'Use Payment Type' })).toBeChecked();
  await expect(refine.getByRole('combobox', { name: 'Payment Type' })).toHaveValue('card');
  await expect(refine.getByRole('textbox', { name: 'Start Date' })).toHaveValue(window.from);
  expect(pageErrors).toEqual([]);
});

test('a merchant refunds part of an older transaction, and a second refund beyond the amount is refused', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchant);
  const row = refundableCardPayment(await reportRowsOf(page, lastDays(60)), await disputedPaymentIds(page));
  if (!row) throw new Error('The seed holds no refundable card payment of Harbor Lane in the last 60 days');
  const [createdAt, transaction] = row;

  const grid = await searchForTransaction(page, transaction.id, isoDay(new Date(createdAt)));
  await grid.getByRole('row').nth(1).click();
  let detail = page.getByRole('dialog', { name: 'Transaction Details' });
  await expect(detail.getByText(transaction.id)).toBeVisible();
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Refund Transaction' });
  await expect(dialog.getByRole('radio', { name: 'Full refund' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Partial refund' }).check();
  await dialog.getByRole('spinbutton', { name: 'Refund Amount' }).fill('1.00');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(RefundText.Successful)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The refund is its own transaction, linked to the original.
  const today = await reportRowsOf(page, lastDays(1));
  const refund = today.find(([, t]) => t.data.api_response?.original_transaction_id === transaction.id);
  expect(refund?.[1].type).toBe('refund');
  expect(refund?.[1].amount).toBe('1.00');

  // The whole amount again is more than is left. The original says what is left.
  await expect(grid.getByRole('row').nth(1)).toContainText('Partially refunded');
  await grid.getByRole('row').nth(1).click();
  detail = page.getByRole('dialog', { name: 'Transaction Details' });
  await expect(detail.getByRole('region', { name: 'What happened' })).toContainText('left to refund');
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Refund Transaction' });
  await dialog.getByRole('radio', { name: 'Partial refund' }).check();
  await dialog.getByRole('spinbutton', { name: 'Refund Amount' }).fill(transaction.amount);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(RefundText.GreaterThanTransactionAmount);
  expect(pageErrors).toEqual([]);
});

test('a merchant voids a same-day transaction', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchant);
  const row = voidablePayment(await reportRowsOf(page, lastDays(2)));
  // The seed copies each merchant's latest sales into the day so far when the server starts; only
  // an Eastern midnight between that start and this test leaves none of today.
  if (!row)
    throw new Error(
      'No voidable payment of today: Eastern midnight passed since the server seeded the day so far',
    );
  const [createdAt, transaction] = row;

  const grid = await searchForTransaction(page, transaction.id, isoDay(new Date(createdAt)));
  await grid.getByRole('button', { name: 'Void', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Void Transaction' });
  await dialog.getByRole('button', { name: 'Void Transaction' }).click();
  await expect(dialog).toHaveCount(0);
  const today = await reportRowsOf(page, lastDays(1));
  const voided = today.find(([, t]) => t.data.api_response?.original_transaction_id === transaction.id);
  expect(voided?.[1].type).toBe('void');
  expect(pageErrors).toEqual([]);
});

test('the void dialog shows why the server refused a void', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchant);
  const row = refundableCardPayment(await reportRowsOf(page, lastDays(60)), await disputedPaymentIds(page));
  if (!row) throw new Error('The seed holds no card payment of Harbor Lane in the last 60 days');
  const [createdAt, transaction] = row;
  // The browser believes it is still the day of the payment; the server knows better.
  await page.clock.setFixedTime(new Date(Date.parse(createdAt) + 60_000));

  const grid = await searchForTransaction(page, transaction.id, isoDay(new Date(createdAt)));
  await grid.getByRole('button', { name: 'Void', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Void Transaction' });
  await dialog.getByRole('button', { name: 'Void Transaction' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(VoidRefundRefusalText.void_window_passed);
  expect(pageErrors).toEqual([]);
});
