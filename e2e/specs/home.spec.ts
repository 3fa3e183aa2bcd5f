import { expect, type Locator, type Page, test } from '@playwright/test';
import { parseDecimalToCents } from '@portico/contracts/money/money';
import { grossAmountCentsOfTransaction, isFailedPayment } from '@portico/contracts/transactions/gross-net';
import { reportPageResponse } from '@portico/contracts/transactions/report';
import { DashboardLabel, DashboardText } from '@portico/contracts/transactions/texts';
import { moneyFactsOfTransaction } from '@portico/contracts/transactions/transaction';
import { z } from 'zod';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// Home dashboard: the admin's Merchant Data Sync, and a merchant's Transaction Metrics agreeing
// with the transaction report (GET /api/v1/report) for the same days.

const timezoneAnswer = z.object({ message: z.array(z.tuple([z.string(), z.string()])) });
const syncAnswer = z.object({
  status: z.literal(true),
  message: z.object({ merchant_id: z.string(), status: z.string() }),
});

test('an admin requests a merchant data sync', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const harborId = await clientIdNamed(page, harborLaneName);

  await page.getByRole('button', { name: DashboardLabel.MerchantDataSync }).click();
  const dialog = page.getByRole('dialog', { name: DashboardLabel.MerchantDataSync });
  await expect(dialog.getByText(DashboardText.PleaseSelectMerchant)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Select' })).toBeDisabled();

  await dialog.getByRole('combobox', { name: 'Merchant' }).fill('Harbor Lane');
  await page.getByRole('option', { name: harborLaneName }).click();
  const posted = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/manual-data-pull-accounts') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Select' }).click();

  await expect(page.getByText(DashboardText.MerchantDataSyncRequested)).toBeVisible();
  const answer = syncAnswer.parse(await (await posted).json());
  expect(answer.message).toMatchObject({ merchant_id: harborId, status: 'requested' });
  await expect(dialog).toBeHidden();
  expect(pageErrors).toEqual([]);
});

// The UTC offset of a timezone at an instant, in milliseconds.
function offsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

// The first instant of a calendar day in a timezone, as the report's start_at wants it.
function dayStartIso(day: string, timeZone: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  const firstGuess = midnightUtc - offsetMs(timeZone, midnightUtc);
  return new Date(midnightUtc - offsetMs(timeZone, firstGuess)).toISOString();
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

async function userTimeZone(page: Page): Promise<string> {
  const response = await page.request.get('/api/timezone');
  expect(response.ok()).toBe(true);
  return timezoneAnswer.parse(await response.json()).message[0]?.[0] ?? 'UTC';
}

// What the report says for the days: the transactions that are not failed payments, and the gross.
async function reportTotals(page: Page, window: { start: string; end: string }, timeZone: string) {
  const query = new URLSearchParams({
    start: window.start,
    end: window.end,
    start_at: dayStartIso(window.start, timeZone),
    end_at: dayStartIso(nextDay(window.end), timeZone),
    is_portal_request: 'true',
  });
  const response = await page.request.get(`/api/v1/report?${query}`, {
    headers: { Accept: 'application/json' },
  });
  expect(response.ok()).toBe(true);
  const rows = reportPageResponse.parse(await response.json()).message;
  const transactions = rows.map(([, transaction]) => transaction);
  return {
    rowCount: rows.length,
    transactions: transactions.filter((transaction) => !isFailedPayment(transaction.payment_status)).length,
    grossCents: transactions.reduce(
      (sum, transaction) => sum + grossAmountCentsOfTransaction(moneyFactsOfTransaction(transaction)),
      0,
    ),
  };
}

function figure(card: Locator, label: string): Locator {
  return card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

// '$12,345.60' / '-$25.00' -> cents.
function centsOfShownAmount(text: string): number | null {
  const match = /^(-?)\$([\d,]+\.\d{2})$/.exec(text.trim());
  if (!match) return null;
  const cents = parseDecimalToCents((match[2] ?? '').replaceAll(',', ''));
  return cents === null ? null : match[1] === '-' ? -cents : cents;
}

async function shownMetrics(card: Locator) {
  const windowText = await card.getByText(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/).textContent();
  const [start = '', end = ''] = (windowText ?? '').split(' to ');
  const count = Number((await figure(card, 'Transactions').textContent())?.replaceAll(',', ''));
  const grossText = (await figure(card, 'Gross Total').textContent()) ?? '';
  expect(grossText).toMatch(/^-?\$[\d,]+\.\d{2}$/);
  return { start, end, count, grossCents: centsOfShownAmount(grossText) };
}

test('a merchant sees its metrics, and they agree with the report for the same days', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'owner@harborlanecoffee.example');
  const timeZone = await userTimeZone(page);

  // A merchant sees neither the admin tools nor the admin cards.
  await expect(page.getByRole('region', { name: 'Last 7 Days' }).locator('dd').first()).toBeVisible();
  await expect(page.getByRole('button', { name: DashboardLabel.MerchantDataSync })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Open Risk Alerts' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: DashboardLabel.OpenVirtualTerminal })).toBeVisible();

  let totalRows = 0;
  for (const [title, days] of [
    ['Last 7 Days', 7],
    ['Last 30 Days', 30],
  ] as const) {
    const shown = await shownMetrics(page.getByRole('region', { name: title }));
    // The window ends yesterday and covers the days before it.
    expect((Date.parse(shown.end) - Date.parse(shown.start)) / 86_400_000).toBe(days - 1);
    const report = await reportTotals(page, shown, timeZone);
    totalRows += report.rowCount;
    expect(shown.count).toBe(report.transactions);
    expect(shown.grossCents).toBe(report.grossCents);
  }
  // The comparison means something only when the merchant has transactions.
  expect(totalRows).toBeGreaterThan(0);

  const volume = page.getByRole('table', { name: DashboardLabel.MonthlyPayoutVolume });
  const months = await volume.locator('tbody th').allTextContents();
  expect(months.length).toBe(12);
  for (const month of months) expect(month).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
  for (const amount of await volume.locator('tbody td').allTextContents()) {
    expect(amount).toMatch(/^-?\$[\d,]+\.\d{2}$/);
  }
  expect(pageErrors).toEqual([]);
});
