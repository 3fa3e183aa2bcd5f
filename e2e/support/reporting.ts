import { expect, type Page } from '@playwright/test';
import { disputesResponse } from '@portico/contracts/disputes/disputes';
import { type ReportRow, reportPageResponse } from '@portico/contracts/transactions/report';
import {
  centsOfMoneyText,
  voidRefundCandidateOfTransaction,
} from '@portico/contracts/transactions/transaction';
import {
  basicVoidRefundRefusal,
  isTransactionVoidable,
} from '@portico/contracts/transactions/void-refund-eligibility';

// The transaction report as the signed-in user's API sees it, to pick rows for the reporting specs.

const dayMs = 86_400_000;

export function isoDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

// A window of whole UTC days ending today.
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(now.getTime() - days * dayMs)), to: isoDay(now) };
}

// Every row of the window in one JSON answer (Load All without NDJSON), newest first.
export async function reportRowsOf(page: Page, range: { from: string; to: string }): Promise<ReportRow[]> {
  const query = new URLSearchParams({ start: range.from, end: range.to, is_portal_request: 'true' });
  const response = await page.request.get(`/api/v1/report?${query.toString()}`, {
    headers: { Accept: 'application/json' },
  });
  expect(response.ok()).toBe(true);
  return reportPageResponse.parse(await response.json()).message;
}

export async function reportTotalOf(page: Page, range: { from: string; to: string }): Promise<number> {
  const query = new URLSearchParams({ start: range.from, end: range.to, page: '0', size: '25' });
  const response = await page.request.get(`/api/v1/report?${query.toString()}`);
  expect(response.ok()).toBe(true);
  return reportPageResponse.parse(await response.json()).total;
}

// Ids of transactions some other row already voids or refunds.
function undoneIds(rows: readonly ReportRow[]): Set<string> {
  const ids = new Set<string>();
  for (const [, transaction] of rows) {
    const original = transaction.data.api_response?.original_transaction_id;
    if (original) ids.add(original);
  }
  return ids;
}

// The payments the signed-in user's disputes are about: none of them may be voided or refunded.
export async function disputedPaymentIds(page: Page): Promise<Set<string>> {
  const answer = await page.request.get('/api/disputes');
  expect(answer.ok()).toBe(true);
  return new Set(disputesResponse.parse(await answer.json()).message.map((row) => row.transaction_id));
}

// An approved card payment of an earlier Eastern day, never voided, refunded or disputed: refundable
// in part.
export function refundableCardPayment(
  rows: readonly ReportRow[],
  disputed: ReadonlySet<string>,
  now = new Date(),
): ReportRow | undefined {
  const undone = undoneIds(rows);
  return rows.find(([, transaction]) => {
    const candidate = voidRefundCandidateOfTransaction(transaction);
    return (
      basicVoidRefundRefusal(candidate) === null &&
      !isTransactionVoidable(candidate, now) &&
      transaction.card_brand !== null &&
      transaction.status === 'Approved' &&
      centsOfMoneyText(transaction.amount) >= 500 &&
      !undone.has(transaction.id) &&
      !disputed.has(transaction.id)
    );
  });
}

// A payment of today (Eastern time) nobody undid yet, if the data holds one.
export function voidablePayment(rows: readonly ReportRow[], now = new Date()): ReportRow | undefined {
  const undone = undoneIds(rows);
  return rows.find(
    ([, transaction]) =>
      isTransactionVoidable(voidRefundCandidateOfTransaction(transaction), now) &&
      transaction.card_brand !== null &&
      !undone.has(transaction.id),
  );
}

export async function setReportDates(page: Page, range: { from: string; to: string }) {
  await page.getByLabel('From', { exact: true }).fill(range.from);
  await page.getByLabel('To', { exact: true }).fill(range.to);
}

// The search page narrowed to one transaction id (its results grid, once it shows the one row).
export async function searchForTransaction(page: Page, id: string, since: string) {
  await page.goto('/app/reporting/search');
  const form = page.getByRole('form', { name: 'Transaction search' });
  await form.getByRole('textbox', { name: 'Start Date' }).fill(since);
  await form.getByRole('textbox', { name: 'End Date' }).fill(isoDay(new Date()));
  await form.getByRole('checkbox', { name: 'Use Transaction ID' }).check();
  await form.getByRole('textbox', { name: 'Transaction ID' }).fill(id);
  await form.getByRole('button', { name: 'Search' }).click();
  const grid = page.getByRole('grid', { name: 'Search Results' });
  await expect(page.getByText('1 row', { exact: true })).toBeVisible();
  return grid;
}
