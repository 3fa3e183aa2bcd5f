import { expect, type Page, test } from '@playwright/test';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { RiskText } from '@portico/contracts/risk/risk';
import { harborLaneName } from '../support/clients';
import { harborPublishableKey, payByCard, saveFreeFormTerminal } from '../support/payment-frame';
import { lastDays, reportRowsOf } from '../support/reporting';
import { addPdfNote, monitoringOf, openAlertsOf } from '../support/risk';
import { signInAs } from '../support/sign-in';

// A payment over the high-ticket limit taken through the virtual terminal
// appears in 'Over High Ticket'; staff add a note with a PDF and the open alerts drop by that payment's;
// staff freeze the merchant, its next payment is refused; staff enable it again, the payment goes
// through, and the history shows both changes.

const owner = 'owner@harborlanecoffee.example';
const staff = 'admin@portico.example';

// An amount over any seeded high-ticket limit, with cents no seeded payment shares.
function bigAmount(): string {
  return `${9_000 + (Date.now() % 900)}.${String(Date.now() % 89)
    .padStart(2, '0')
    .replace('13', '14')}`;
}

async function setFrozen(page: Page, frozen: boolean) {
  await page.goto('/app/risk');
  await page.getByRole('tab', { name: 'Merchant Control' }).click();
  await page.getByRole('combobox', { name: 'Merchant' }).fill(harborLaneName);
  await page.getByRole('option', { name: harborLaneName, exact: true }).first().click();
  const action = frozen ? 'Freeze Transactions' : 'Enable Transactions';
  await page.getByRole('button', { name: action }).click();
  await page.getByRole('group', { name: 'Confirmation' }).getByRole('button', { name: action }).click();
  await expect(page.getByText(frozen ? RiskText.MerchantFrozen : RiskText.MerchantActivated)).toBeVisible();
  await expect(page.getByLabel('Current status')).toHaveText(frozen ? 'Frozen' : 'Active');
}

test('a high-ticket payment from the virtual terminal is flagged and reviewed with a PDF note; a frozen merchant is refused until enabled', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, owner);
  const terminal = await saveFreeFormTerminal(page, await harborPublishableKey(page));
  const frame = page.frameLocator('iframe[title="Payment frame"]');
  const pay = async (amount: string) => {
    await page.goto(terminal);
    await frame.getByLabel('Amount').fill(amount);
    await frame.getByLabel('First name').fill('Ada');
    await frame.getByLabel('Last name').fill('Byron');
    await payByCard(frame, { month: '12', year: '2030' });
  };

  const flaggedAmount = bigAmount();
  await pay(flaggedAmount);
  await expect(frame.getByText(PaymentFrameText.PaymentSuccessful)).toBeVisible();
  const [top] = await reportRowsOf(page, lastDays(1));
  expect(top?.[1]).toMatchObject({ amount: flaggedAmount });
  const paymentId = top?.[1].id;

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInAs(staffPage, staff);
  const monitoring = await monitoringOf(staffPage);
  expect(monitoring.transactions_over_high_ticket_limit.map((row) => row.id)).toContain(paymentId);
  await staffPage.goto('/app/risk');
  await staffPage.getByRole('tab', { name: 'Over High Ticket' }).click();
  // The id column is hidden by default and one tick away in Filters & Columns.
  await staffPage.getByRole('button', { name: 'Filters & Columns' }).click();
  await staffPage.getByRole('tab', { name: 'Columns' }).click();
  await staffPage
    .getByRole('list', { name: 'Columns' })
    .getByRole('checkbox', { name: 'Transaction ID' })
    .check();
  const row = staffPage
    .getByRole('grid', { name: 'Over High Ticket' })
    .getByRole('row')
    .filter({ hasText: paymentId ?? '' });
  await expect(row).toHaveCount(1);

  // A note with a PDF closes the new payment's alerts: the count drops by exactly those.
  const alertsBefore = await openAlertsOf(staffPage);
  const alertsOfPayment = alertsBefore.filter((alert) => alert.transaction_id === paymentId).length;
  expect(alertsOfPayment).toBeGreaterThan(0);
  await addPdfNote(staffPage, row, `Large order confirmed by phone ${Date.now()}`);
  const alertsAfter = await openAlertsOf(staffPage);
  expect(alertsAfter.some((alert) => alert.transaction_id === paymentId)).toBe(false);
  expect(alertsAfter).toHaveLength(alertsBefore.length - alertsOfPayment);

  await setFrozen(staffPage, true);
  try {
    await pay('21.50');
    await expect(frame.getByText(PaymentFrameText.MerchantCannotTakePayments)).toBeVisible();
  } finally {
    await setFrozen(staffPage, false);
  }
  await pay('21.50');
  await expect(frame.getByText(PaymentFrameText.PaymentSuccessful)).toBeVisible();
  // The history shows both changes, newest first.
  const history = staffPage.getByRole('grid', { name: 'Status Change History' });
  await expect(history.getByRole('row').nth(1)).toContainText('Active');
  await expect(history.getByRole('row').nth(2)).toContainText('Frozen');
  await staffContext.close();
});
