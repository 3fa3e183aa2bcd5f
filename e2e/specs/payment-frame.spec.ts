import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { encodePaymentFrameParams, paymentFrameAddress } from '@portico/contracts/payment-frame/params';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { seriousAxeViolations } from '../support/axe';
import { harborPublishableKey, payByCard, saveFreeFormTerminal } from '../support/payment-frame';
import { lastDays, reportRowsOf } from '../support/reporting';
import { signInAs } from '../support/sign-in';

// A merchant takes a sandbox card payment on its virtual terminal and finds
// it at the top of its report; a short link opened in a fresh browser without a session pays; the
// frame's first load stays under 60 kB of gzipped JavaScript.

const owner = 'owner@harborlanecoffee.example';
const FRAME_JS_BUDGET_BYTES = 60_000;

test('a merchant takes a sandbox card payment on its virtual terminal and sees it at the top of the report', async ({
  page,
}) => {
  await signInAs(page, owner);
  const key = await harborPublishableKey(page);
  // A configured terminal with a custom field (the configurator's own test builds one through its page).
  await page.goto(await saveFreeFormTerminal(page, key, [{ name: 'Table', type: 'text' }]));
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  const frame = page.frameLocator('iframe[title="Payment frame"]');
  await expect(frame.getByText('Credit Card - Key Entry')).toBeVisible();
  // Cents that no seeded payment has in common with this one, so the top row is ours.
  const amount = `${40 + (Date.now() % 50)}.${String(Date.now() % 89)
    .padStart(2, '0')
    .replace('13', '14')}`;
  await frame.getByLabel('Amount').fill(amount);
  await frame.getByLabel('First name').fill('Vera');
  await frame.getByLabel('Last name').fill('Lind');
  await frame.getByLabel('Table').fill('7');
  // The owner holds every permission (RBAC off), OMIT_CC_ZIP included: no ZIP field then.
  await expect(frame.getByLabel('Billing ZIP')).toHaveCount(0);
  await payByCard(frame, { month: '12', year: '2030' });
  await expect(frame.getByText(PaymentFrameText.PaymentSuccessful)).toBeVisible();

  const [top] = await reportRowsOf(page, lastDays(1));
  expect(top?.[1]).toMatchObject({ amount });
  await page.goto('/app/reporting/classic');
  await expect(page.getByText(amount).first()).toBeVisible();
});

test("the virtual terminal's frame wears the portal's look, dark or light, without reloading", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, owner);
  await page.goto(await saveFreeFormTerminal(page, await harborPublishableKey(page)));
  const frameElement = page.locator('iframe[title="Payment frame"]');
  const frame = page.frameLocator('iframe[title="Payment frame"]');
  await expect(frame.getByText('Credit Card - Key Entry')).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  await expect(frame.locator('body')).toHaveCSS('background-color', 'rgb(36, 36, 36)');
  // Typed data survives a change of look: the frame is told, not reloaded.
  const source = await frameElement.getAttribute('src');
  await frame.getByLabel('First name').fill('Vera');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(frame.locator('html')).not.toHaveAttribute('data-color-scheme', 'dark');
  await expect(frame.getByLabel('First name')).toHaveValue('Vera');
  expect(await frameElement.getAttribute('src')).toBe(source);
  // axe reads inside the frame: the page and its frame in both looks.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(frame.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  expect((await seriousAxeViolations(page)).join('\n\n')).toBe('');
});

test('a short link opened in a fresh browser without a session pays, within the frame JavaScript budget', async ({
  page,
  browser,
}) => {
  await signInAs(page, owner);
  const key = await harborPublishableKey(page);
  const frameUrl = paymentFrameAddress(
    '',
    encodePaymentFrameParams({
      publishableKey: key,
      amount: '12.50',
      paymentOptions: ['credit_card'],
      zipMode: 'optional',
    }),
  );
  const shortened = await page.request.get(`/api/urls?url=${encodeURIComponent(frameUrl)}`);
  expect(shortened.ok()).toBe(true);
  const shortLink: string = (await shortened.json()).message;
  expect(shortLink).toMatch(/\/url\/[A-Za-z0-9_-]+$/);

  const payer = await browser.newContext();
  const payerPage = await payer.newPage();
  const scripts: Promise<number>[] = [];
  payerPage.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) {
      scripts.push(response.body().then((body) => gzipSync(body).length));
    }
  });
  await payerPage.goto(new URL(shortLink).pathname);
  await expect(payerPage).toHaveURL(/\/app\/responsive-iframe\/payment\?params=.+&sig=/);
  await expect(payerPage.getByLabel('Amount')).toHaveValue('12.50');
  const jsBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
  test
    .info()
    .annotations.push({ type: 'payment frame first-load JS (gzip bytes)', description: String(jsBytes) });
  expect(jsBytes).toBeGreaterThan(0);
  expect(jsBytes).toBeLessThan(FRAME_JS_BUDGET_BYTES);

  // A bad card first: the payer is told what is wrong and nothing is charged.
  await payByCard(payerPage, { month: '01', year: '2020' });
  await expect(payerPage.getByRole('alert')).toHaveText(PaymentFrameText.CardExpired);
  await payByCard(payerPage, { month: '12', year: '2030' });
  await expect(payerPage.getByText(PaymentFrameText.PaymentSuccessful)).toBeVisible();
  await payer.close();

  const [top] = await reportRowsOf(page, lastDays(1));
  expect(top?.[1]).toMatchObject({ amount: '12.50' });
});
