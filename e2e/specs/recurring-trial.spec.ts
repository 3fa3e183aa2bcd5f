import { expect, test } from '@playwright/test';
import { signResponse } from '@portico/contracts/payment-frame/charge';
import { encodePaymentFrameParams, paymentFrameAddress } from '@portico/contracts/payment-frame/params';
import { ScheduledSeriesText } from '@portico/contracts/payment-frame/scheduled-series';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { addDays, calendarDateLabel, merchantToday } from '@portico/contracts/subscriptions/schedule';
import { subscriptionListResponse } from '@portico/contracts/subscriptions/subscriptions';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { harborPublishableKey, payByCard } from '../support/payment-frame';
import { signInAs } from '../support/sign-in';

// A payer signs up on a subscription link with a 14-day trial in the payment frame. Nothing is
// charged: the frame says when the subscription starts, and the merchant's Recurring Charges grid shows
// the series with its first and next charge on that day and every cycle still to come.

test('a trial subscription link charges nothing at sign-up and shows when it starts', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'owner@harborlanecoffee.example');
  const harborId = await clientIdNamed(page, harborLaneName);
  const params = encodePaymentFrameParams({
    publishableKey: await harborPublishableKey(page),
    paymentOptions: ['credit_card'],
    amount: '19.00',
    paymentType: 'subscription',
    interval: 'monthly',
    frequency: 1,
    cycles: 4,
    trial: 14,
    emailOption: 'required',
    zipMode: 'optional',
    description: 'E2E trial beans',
  });
  const signed = await page.request.post('/api/payment-frame/sign', { data: { params } });
  expect(signed.ok()).toBe(true);
  const { sig } = signResponse.parse(await signed.json()).message;

  // The payer, without a session, in the frame's own page.
  const payer = await (await browser.newContext()).newPage();
  const email = `trial-${Date.now()}@example.com`;
  await payer.goto(paymentFrameAddress('', params, sig));
  await expect(payer.getByLabel('Amount')).toHaveValue('19.00');
  await payer.getByLabel(/Email/).fill(email);
  await payByCard(payer, { month: '12', year: '2030' });
  const firstCharge = addDays(merchantToday(new Date()), 14);
  await expect(payer.getByText(ScheduledSeriesText.StartsOn(calendarDateLabel(firstCharge)))).toBeVisible();
  await expect(payer.getByText(PaymentFrameText.PaymentSuccessful)).toHaveCount(0);

  const listed = await page.request.get(`/api/subscription?clientid=${harborId}`);
  const series = subscriptionListResponse
    .parse(await listed.json())
    .message.find((row) => row.email === email);
  expect(series).toMatchObject({
    status: 'true',
    first_charge: firstCharge,
    next: firstCharge,
    cycles_completed: 0,
  });

  await page.goto('/app/report/recurring');
  const row = page
    .getByRole('grid', { name: 'Recurring Charges' })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(row).toContainText('Active');
  await expect(row).toContainText(firstCharge);
  await expect(row.getByRole('gridcell', { name: firstCharge })).toHaveCount(2);
});
