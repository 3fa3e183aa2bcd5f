import { expect, test } from '@playwright/test';
import { formatDecimalAsMoney } from '@portico/contracts/money/money';
import { RiskText } from '@portico/contracts/risk/risk';
import { collectPageErrors } from '../support/page-errors';
import { addPdfNote, monitoringOf, openAlertsOf } from '../support/risk';
import { signInAs } from '../support/sign-in';

// On the seeded data: a seeded payment over its merchant's high-ticket limit is in 'Over High
// Ticket'; staff add a note with a PDF and the open alerts drop by that payment's; staff freeze the
// merchant and the history shows it; they unfreeze and the history shows that too. The same flow on a
// payment taken through the virtual terminal is freeze-payments.spec.ts.

const staff = 'admin@portico.example';

test('staff review a high-ticket payment with a PDF note, then freeze and unfreeze its merchant', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const pageErrors = collectPageErrors(page);
  await signInAs(page, staff);

  const lists = await monitoringOf(page);
  const flagged = lists.transactions_over_high_ticket_limit.find((row) => !row.has_notes);
  if (!flagged) throw new Error('The seed left no open payment over a high-ticket limit in the last 30 days');
  const alertsBefore = await openAlertsOf(page);
  const alertsOfPayment = alertsBefore.filter((alert) => alert.transaction_id === flagged.id).length;
  expect(alertsOfPayment).toBeGreaterThan(0);

  await page.goto('/app/risk');
  await page.getByRole('tab', { name: 'Over High Ticket' }).click();
  const grid = page.getByRole('grid', { name: 'Over High Ticket' });
  // The id column is hidden by default and one tick away in Filters & Columns.
  await page.getByRole('button', { name: 'Filters & Columns' }).click();
  await page.getByRole('tab', { name: 'Columns' }).click();
  await page.getByRole('list', { name: 'Columns' }).getByRole('checkbox', { name: 'Transaction ID' }).check();
  const row = grid.getByRole('row').filter({ hasText: flagged.id });
  await expect(row).toContainText(flagged.name);
  await expect(row).toContainText(formatDecimalAsMoney(flagged.amount));
  await expect(row.getByRole('gridcell', { name: 'Open', exact: true })).toBeVisible();

  await addPdfNote(page, row, `Invoice checked with the merchant ${Date.now()}`);

  // The note closed this payment's alerts, and the count is the tabs' rows without notes.
  const alertsAfter = await openAlertsOf(page);
  expect(alertsAfter.some((alert) => alert.transaction_id === flagged.id)).toBe(false);
  const after = await monitoringOf(page);
  const openRows = [
    ...after.standard_deviation_list,
    ...after.transactions_over_high_ticket_limit,
    ...after.transactions_high_velocity,
  ].filter((tabRow) => !tabRow.has_notes);
  expect(alertsAfter).toHaveLength(openRows.length);

  await page.getByRole('tab', { name: 'Merchant Control' }).click();
  await page.getByRole('combobox', { name: 'Merchant' }).fill(flagged.name);
  await page.getByRole('option', { name: flagged.name, exact: true }).first().click();
  const badge = page.getByLabel('Current status');
  await expect(badge).toHaveText('Active');
  await page.getByRole('button', { name: 'Freeze Transactions' }).click();
  await page
    .getByRole('group', { name: 'Confirmation' })
    .getByRole('button', { name: 'Freeze Transactions' })
    .click();
  await expect(page.getByText(RiskText.MerchantFrozen)).toBeVisible();
  await expect(badge).toHaveText('Frozen');
  const history = page.getByRole('grid', { name: 'Status Change History' });
  await expect(history.getByRole('row').nth(1)).toContainText(flagged.name);
  await expect(history.getByRole('row').nth(1)).toContainText('Frozen');

  await page.getByRole('button', { name: 'Enable Transactions' }).click();
  await page
    .getByRole('group', { name: 'Confirmation' })
    .getByRole('button', { name: 'Enable Transactions' })
    .click();
  await expect(page.getByText(RiskText.MerchantActivated)).toBeVisible();
  await expect(badge).toHaveText('Active');
  await expect(history.getByRole('row').nth(1)).toContainText('Active');
  await expect(history.getByRole('row').nth(2)).toContainText('Frozen');
  expect(pageErrors).toEqual([]);
});
