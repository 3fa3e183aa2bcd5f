import { expect, test } from '@playwright/test';
import { LinkOptionsText } from '@portico/contracts/payment-frame/link-options';
import { encodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { harborPublishableKey, payByCard } from '../support/payment-frame';
import { signInAs } from '../support/sign-in';

// A payment link with its options on: the payer reads the rich-text description, adds a tip (the
// total follows), gives the full name and shipping address, ticks the opt-in and pays in a browser
// without a session; the merchant's receipt shows the tip and where the goods go. The link is a
// one-time link of its own: nothing other specs read is changed.

const owner = 'owner@harborlanecoffee.example';
const shots = process.env.E2E_SCREENSHOT_DIR;

test('a payer pays a link with a tip, full name, shipping address and opt-in; the receipt shows them', async ({
  page,
  browser,
}) => {
  // Two browsers, a payment and a receipt, each page at two widths.
  test.slow();
  await signInAs(page, owner);
  const key = await harborPublishableKey(page);
  const clientId = await clientIdNamed(page, harborLaneName);
  const params = encodePaymentFrameParams({
    publishableKey: key,
    paymentType: 'charge',
    amount: '18.00',
    description:
      '<p><strong>Roast of the month</strong></p><p><span style="font-size: 12px">Ships within 3 days.</span></p>',
    paymentOptions: ['credit_card'],
    allowTip: true,
    fullName: true,
    address: true,
    optIn: true,
    emailOption: 'optional',
    source: 'link-builder',
  });
  const signed = await page.request.post(`/api/payment-links/merchants/${clientId}/sign`, {
    data: { params },
  });
  expect(signed.ok(), await signed.text()).toBe(true);
  const url: string = (await signed.json()).message.url;

  const payer = await browser.newContext();
  const payerPage = await payer.newPage();
  await payerPage.goto(url);
  await expect(payerPage.locator('.description strong')).toHaveText('Roast of the month');
  await expect(payerPage.locator('.description span')).toHaveCSS('font-size', '12px');
  await payerPage.getByLabel('Tip', { exact: true }).fill('2.50');
  await expect(payerPage.getByText('Tip: $2.50 · Total: $20.50')).toBeVisible();
  await payerPage.getByLabel('First name').fill('Robin');
  await payerPage.getByRole('button', { name: 'Pay' }).click();
  await expect(payerPage.getByRole('alert')).toHaveText(LinkOptionsText.FullNameRequired);
  await payerPage.getByLabel('Last name').fill('Vale');
  await payerPage.getByLabel('Shipping street address').fill('9 Quay Street');
  await payerPage.getByLabel('Shipping city').fill('Portland');
  await payerPage.getByLabel('Shipping state').fill('ME');
  await payerPage.getByLabel('Shipping postal code').fill('04101');
  await payerPage.getByLabel(LinkOptionsText.OptIn).check();
  for (const width of [1440, 390]) {
    await payerPage.setViewportSize({ width, height: 900 });
    if (shots) await payerPage.screenshot({ path: `${shots}/frame-${width}.png`, fullPage: true });
  }
  await payByCard(payerPage, { month: '12', year: '2031' });
  await expect(payerPage.getByText(PaymentFrameText.PaymentSuccessful)).toBeVisible();
  await expect(payerPage.getByText('Tip included')).toBeVisible();
  const id = (await payerPage.locator('.approval dd').last().textContent())?.trim() ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await payer.close();

  await page.goto(`/app/receipt?id=${id}`);
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt.getByText('$20.50')).toBeVisible();
  await expect(receipt.getByText('$2.50')).toBeVisible();
  await expect(receipt.getByText('9 Quay Street, Portland, ME 04101')).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (shots) await page.screenshot({ path: `${shots}/receipt-${width}.png`, fullPage: true });
  }
});

test('a payer gives purchase data and saves the card on a link that offers both', async ({
  page,
  browser,
}) => {
  test.slow();
  await signInAs(page, owner);
  const key = await harborPublishableKey(page);
  const clientId = await clientIdNamed(page, harborLaneName);
  const params = encodePaymentFrameParams({
    publishableKey: key,
    paymentType: 'charge',
    amount: '64.00',
    description: 'Wholesale order',
    paymentOptions: ['credit_card'],
    savePaymentToken: true,
    saveMode: 'ask',
    isLevelTwoDataEnabled: true,
    isLevelThreeDataEnabled: true,
    source: 'link-builder',
  });
  const signed = await page.request.post(`/api/payment-links/merchants/${clientId}/sign`, {
    data: { params },
  });
  expect(signed.ok(), await signed.text()).toBe(true);
  const url: string = (await signed.json()).message.url;

  const payer = await browser.newContext();
  const payerPage = await payer.newPage();
  await payerPage.goto(url);
  await payerPage.getByLabel('Email').fill(`e2e-saver-${Date.now()}@example.com`);
  await payerPage.getByLabel('PO number').fill('PO-7781');
  await payerPage.getByLabel('Tax amount').fill('4.00');
  await payerPage.getByLabel('Item description').fill('Espresso beans 1 kg');
  await payerPage.getByLabel('Quantity').fill('4');
  await payerPage.getByLabel('Unit price').fill('15.00');
  await payerPage.getByLabel(LinkOptionsText.SaveCard).check();
  for (const width of [1440, 390]) {
    await payerPage.setViewportSize({ width, height: 900 });
    if (shots) await payerPage.screenshot({ path: `${shots}/frame-purchase-${width}.png`, fullPage: true });
  }
  await payByCard(payerPage, { month: '12', year: '2031' });
  await expect(payerPage.getByText(PaymentFrameText.PaymentSuccessful)).toBeVisible();
  await payer.close();
});
