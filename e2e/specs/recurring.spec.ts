import { type Browser, expect, type Page, test } from '@playwright/test';
import { formatCentsAsMoney } from '@portico/contracts/money/money';
import { chargeResponse, signResponse, tokenizeResponse } from '@portico/contracts/payment-frame/charge';
import { encodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { merchantToday } from '@portico/contracts/subscriptions/schedule';
import {
  SubscriptionEndReasonText,
  type SubscriptionRow,
  SubscriptionText,
  subscriptionListResponse,
} from '@portico/contracts/subscriptions/subscriptions';
import { centsOfMoneyText } from '@portico/contracts/transactions/transaction';
import { apiKeysResponse } from '@portico/contracts/virtual-terminals/api-keys';
import { seriousAxeViolations } from '../support/axe';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { waitForLinkInMail } from '../support/mailbox';
import { collectPageErrors } from '../support/page-errors';
import { lastDays, reportRowsOf } from '../support/reporting';
import { signInAs } from '../support/sign-in';

// A merchant ends a series, reactivates it from a start date, replaces its next charge and adds a
// charge now that the transaction report shows; a processor-audit user reads the series with nothing
// to change; the public unsubscribe pages open without a session and a forged link cannot cancel
// anything.

// A merchant user without location limits: a location-limited user's report leaves out payments
// taken without a location, as an added charge is.
const merchantUser = 'demo@northwindbox.example';
const merchantName = 'Northwind Subscription Box';
const auditedMerchantName = 'Harborview Family Dental';
const auditUser = 'audit@portico.example';

async function seriesOf(page: Page, clientId: string): Promise<SubscriptionRow[]> {
  const response = await page.request.get(`/api/subscription?clientid=${clientId}`);
  expect(response.ok()).toBe(true);
  return subscriptionListResponse.parse(await response.json()).message;
}

// A calendar day some days from now; a week ahead is 'not in the past' in every merchant's zone.
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('a merchant ends a series, reactivates it, replaces its next charge and adds a charge now', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchantUser);
  const clientId = await clientIdNamed(page, merchantName);
  const active = (await seriesOf(page, clientId)).find((row) => row.status === 'true');
  if (!active) throw new Error(`The seed left ${merchantName} no active series`);

  await page.goto('/app/report/recurring');
  await expect(page.getByRole('heading', { level: 1, name: 'Recurring Charges' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Recurring Charges' });
  const row = grid.getByRole('row').filter({ hasText: active.email });
  await expect(row).toContainText('Active');

  await row.getByText(active.email).click();
  const dialog = page.getByRole('dialog', { name: 'Recurring Charge Series' });
  await expect(dialog.getByRole('button', { name: 'Reactivate This Series' })).toHaveCount(0);
  // The modal with its write controls, which the accessibility walk of the pages does not open.
  expect((await seriousAxeViolations(page)).join('\n\n')).toBe('');
  await dialog.getByRole('button', { name: 'End This Series' }).click();
  await dialog
    .getByRole('group', { name: 'Confirmation' })
    .getByRole('button', { name: 'End This Series' })
    .click();
  await expect(page.getByText(SubscriptionText.Ended)).toBeVisible();
  // An ended series offers Reactivate, not End, and the grid shows why it ended.
  await expect(dialog.getByRole('button', { name: 'End This Series' })).toHaveCount(0);
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText('Ended by merchant');

  const restart = dayFromNow(7);
  await dialog.getByLabel('Start Date').fill(restart);
  await dialog.getByRole('button', { name: 'Reactivate This Series' }).click();
  await expect(page.getByText(SubscriptionText.Reactivated)).toBeVisible();
  await expect(row).toContainText('Active');
  await expect(row).toContainText(restart);

  await dialog.getByRole('radio', { name: 'Next scheduled charge' }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('12.34');
  await dialog.getByRole('button', { name: 'Add a Charge' }).click();
  await expect(page.getByText(SubscriptionText.ChargeScheduled)).toBeVisible();
  await expect(dialog).toContainText('$12.34');

  const after = (await seriesOf(page, clientId)).find((row) => row.id === active.id);
  expect(after).toMatchObject({ status: 'true', next: restart, next_amount: '12.34', end_reason: null });

  // Add a Charge 'now' takes the payment at once; it shows in the transaction report.
  await dialog.getByRole('radio', { name: 'Now' }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('7.89');
  const chargeAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/charge');
  await dialog.getByRole('button', { name: 'Add a Charge' }).click();
  const charged = chargeResponse.parse(await (await chargeAnswer).json()).message;
  await expect(page.getByText(SubscriptionText.PaymentSuccessful)).toBeVisible();
  expect(charged.status).toBe('Approved');
  const [booked] = (await reportRowsOf(page, lastDays(1))).filter(
    ([, transaction]) => transaction.id === charged.id,
  );
  expect(booked?.[1]).toMatchObject({ amount: charged.amount, client_id: clientId, status: 'Approved' });

  await page.keyboard.press('Escape');
  await page.goto('/app/reporting/classic');
  await expect(page.getByRole('heading', { name: 'Transaction Report' })).toBeVisible();
  const report = page.getByRole('grid', { name: 'Transaction Report' });
  await expect(
    report
      .getByRole('row')
      .filter({ hasText: formatCentsAsMoney(centsOfMoneyText(charged.amount)) })
      .first(),
    // The report's first page loads after the page itself.
  ).toBeVisible({ timeout: 30_000 });
  expect(pageErrors).toEqual([]);
});

test('a processor-audit user reads a series at 390 px with nothing to change', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const pageErrors = collectPageErrors(page);
  await signInAs(page, auditUser);
  await page.goto('/app/report/recurring');
  // The selector names the user's own merchant once the merchant list arrives; typing before that
  // ran into it ('Portico PaymentsHarborview Family Dental').
  const merchantBox = page.getByRole('combobox', { name: 'Merchant' });
  await expect(merchantBox).not.toHaveValue('');
  await merchantBox.fill(auditedMerchantName);
  await page.getByRole('option', { name: auditedMerchantName }).click();
  const [series] = await seriesOf(page, await clientIdNamed(page, auditedMerchantName));
  if (!series) throw new Error(`The seed left ${auditedMerchantName} no series`);
  await page.getByRole('grid', { name: 'Recurring Charges' }).getByText(series.email).click();
  const dialog = page.getByRole('dialog', { name: 'Recurring Charge Series' });
  await expect(dialog.getByText('Payment Method')).toBeVisible();
  await expect(dialog.getByRole('button')).toHaveText(['']);
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  // The modal fits a phone's width.
  expect((await dialog.boundingBox())?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(390);
  expect(pageErrors).toEqual([]);
});

test('the unsubscribe pages open without a session; a forged link cannot cancel', async ({ page }) => {
  test.setTimeout(60_000);
  const pageErrors = collectPageErrors(page);
  await page.goto('/app/unsubscribe/forged-token+Northwind%20Subscription%20Box+59.00');
  await expect(page.getByRole('alert')).toHaveText(SubscriptionText.CancelLinkNotValid);
  await expect(page.getByRole('button', { name: SubscriptionText.CancelSubscription })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  expect((await seriousAxeViolations(page)).join('\n\n')).toBe('');

  await page.goto('/app/unsubscribe');
  await expect(page.getByRole('heading', { name: SubscriptionText.Unsubscribed })).toBeVisible();
  expect((await seriousAxeViolations(page)).join('\n\n')).toBe('');
  expect(pageErrors).toEqual([]);
});

// Staff press Run now for the recurring charges job on /jobs and wait for its toast.
async function runChargesNow(page: Page): Promise<void> {
  await page.goto('/app/jobs');
  const jobs = page.getByRole('table', { name: 'Jobs' });
  await jobs.getByRole('button', { name: 'Run Recurring charges now' }).click();
  await jobs.getByRole('group', { name: 'Confirmation' }).getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Recurring charges: Succeeded')).toBeVisible({ timeout: 60_000 });
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, email);
  return page;
}

test('a series reactivated for today is charged once by Run now; the customer cancels from the receipt', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const pageErrors = collectPageErrors(page);
  await signInAs(page, merchantUser);
  const clientId = await clientIdNamed(page, merchantName);
  // Not the series the first test works on (the first active one).
  const series = (await seriesOf(page, clientId)).filter((row) => row.status === 'true')[1];
  if (!series) throw new Error(`The seed left ${merchantName} no second active series`);
  // The merchant's day (New York), the day the scheduler charges on.
  const today = merchantToday(new Date());

  await page.goto('/app/report/recurring');
  const grid = page.getByRole('grid', { name: 'Recurring Charges' });
  const row = grid.getByRole('row').filter({ hasText: series.email });
  await row.getByText(series.email).click();
  const dialog = page.getByRole('dialog', { name: 'Recurring Charge Series' });
  await dialog.getByRole('button', { name: 'End This Series' }).click();
  await dialog
    .getByRole('group', { name: 'Confirmation' })
    .getByRole('button', { name: 'End This Series' })
    .click();
  await expect(page.getByText(SubscriptionText.Ended)).toBeVisible();
  await dialog.getByLabel('Start Date').fill(today);
  await dialog.getByRole('button', { name: 'Reactivate This Series' }).click();
  await expect(page.getByText(SubscriptionText.Reactivated)).toBeVisible();
  const reactivated = (await seriesOf(page, clientId)).find((row) => row.id === series.id);
  expect(reactivated).toMatchObject({ status: 'true', next: today });
  const completedBefore = reactivated?.cycles_completed ?? 0;

  // Staff run the scheduler now; the series is charged once (whichever run reached it first).
  const since = Date.now();
  const staff = await signedInPage(browser, 'admin@portico.example');
  await runChargesNow(staff);
  const charged = (await seriesOf(page, clientId)).find((row) => row.id === series.id);
  expect(charged?.cycles_completed).toBe(completedBefore + 1);
  expect(charged?.next).not.toBe(today);

  // The receipt, read from the SMTP peer, carries the customer's unsubscribe link.
  const link = await waitForLinkInMail(series.email, since, /https?:\/\/\S+\/app\/unsubscribe\/\S+/);
  const customer = await (await browser.newContext()).newPage();
  await customer.goto(link);
  await customer.getByRole('button', { name: SubscriptionText.CancelSubscription }).click();
  await expect(customer.getByText(SubscriptionText.CancellationConfirmed)).toBeVisible();

  await page.reload();
  const ended = grid.getByRole('row').filter({ hasText: series.email });
  await expect(ended).toContainText('Inactive');
  await expect(ended).toContainText(SubscriptionEndReasonText.CancelledByCustomer);

  // A second run charges it no more.
  await runChargesNow(staff);
  const after = (await seriesOf(page, clientId)).find((row) => row.id === series.id);
  expect(after).toMatchObject({
    status: 'false',
    cycles_completed: completedBefore + 1,
    end_reason: SubscriptionEndReasonText.CancelledByCustomer,
  });
  expect(pageErrors).toEqual([]);
});

test('a payer of a subscription link gets the first receipt, whose link cancels the series', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'owner@harborlanecoffee.example');
  const harborId = await clientIdNamed(page, harborLaneName);
  const keysResponse = await page.request.get('/api/user/apikeys');
  const keys = apiKeysResponse
    .parse(await keysResponse.json())
    .message.find((entry) => entry.id === harborId);
  if (!keys) throw new Error('Harbor Lane has no keys');
  const params = encodePaymentFrameParams({
    publishableKey: keys.public_key,
    paymentOptions: ['credit_card'],
    amount: '9.00',
    paymentType: 'subscription',
    interval: 'monthly',
    frequency: 1,
    cycles: 3,
    emailOption: 'required',
    description: 'E2E beans',
  });
  const signed = await page.request.post('/api/payment-frame/sign', { data: { params } });
  expect(signed.ok()).toBe(true);
  const { sig } = signResponse.parse(await signed.json()).message;

  // The payer has no session: the card is tokenized and charged as the payment frame does.
  const payer = await (await browser.newContext()).newPage();
  const email = `payer-${Date.now()}@example.com`;
  const tokenized = await payer.request.post('/api/payment-frame/tokenize', {
    data: { kind: 'card', number: '1111222233334444', expMonth: '12', expYear: '2030', cvv: '123' },
  });
  expect(tokenized.ok()).toBe(true);
  const { token } = tokenizeResponse.parse(await tokenized.json()).message;
  const since = Date.now();
  const paid = await payer.request.post('/api/payment-frame/charge', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: { params, sig, amount: '9.00', method: 'credit_card', token, email },
  });
  expect(paid.ok()).toBe(true);
  expect(chargeResponse.parse(await paid.json()).message.status).toBe('Approved');

  // The first receipt, read from the SMTP peer, carries the unsubscribe link; it cancels the series.
  const link = await waitForLinkInMail(email, since, /https?:\/\/\S+\/app\/unsubscribe\/\S+/);
  await payer.goto(link);
  await payer.getByRole('button', { name: SubscriptionText.CancelSubscription }).click();
  await expect(payer.getByText(SubscriptionText.CancellationConfirmed)).toBeVisible();
  const series = (await seriesOf(page, harborId)).find((row) => row.email === email);
  expect(series).toMatchObject({
    status: 'false',
    cycles_completed: 1,
    end_reason: SubscriptionEndReasonText.CancelledByCustomer,
  });
});
