import { expect, test } from '@playwright/test';
import { PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { harborLaneName } from '../support/clients';
import {
  type FrameScope,
  harborPublishableKey,
  saveFreeFormTerminal,
  testCard,
} from '../support/payment-frame';
import { isoDay, lastDays, reportRowsOf, searchForTransaction } from '../support/reporting';
import { signInAs } from '../support/sign-in';

// On its virtual terminal a merchant takes an Apple Pay payment through the sandbox wallet
// sheet and a swiped card through the card reader field (a USB reader types the track and Enter),
// and finds each in its report with the method in words.

const owner = 'owner@harborlanecoffee.example';
// What a USB card reader types for a sandbox card: track 1, track 2 (then Enter).
const track = `%B${testCard}^DOE/JANE^3012101000000000000000?;${testCard}=30121010000000000000?`;

// Cents no seeded payment shares with this one (never .13: the sandbox declines those).
function uniqueAmount(base: number): string {
  const cents = String(Date.now() % 89)
    .padStart(2, '0')
    .replace('13', '14');
  return `${base + (Date.now() % 40)}.${cents}`;
}

// The virtual terminal asks for the payer's full name by default.
async function fillPayerName(frame: FrameScope) {
  await frame.getByLabel('First name').fill('Jane');
  await frame.getByLabel('Last name').fill('Doe');
}

test('an Apple Pay payment and a swiped card on the virtual terminal, each in the report', async ({
  page,
}) => {
  await signInAs(page, owner);
  const key = await harborPublishableKey(page);
  await page.goto(
    await saveFreeFormTerminal(page, key, [], ['credit_card', 'swipe', 'apple_pay', 'google_pay']),
  );
  const frame = page.frameLocator('iframe[title="Payment frame"]');
  await expect(frame.getByText('Credit Card - Key Entry')).toBeVisible();

  // Apple Pay: the sandbox wallet sheet stands in for the browser's.
  const walletAmount = uniqueAmount(60);
  await frame.getByLabel('Amount').fill(walletAmount);
  await fillPayerName(frame);
  await frame.getByLabel('Apple Pay').check();
  await frame.getByRole('button', { name: 'Pay' }).click();
  const sheet = frame.getByRole('dialog', { name: 'Apple Pay (sandbox)' });
  await expect(sheet.getByText(`Pay ${walletAmount} to`)).toBeVisible();
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(frame.getByText(PaymentFrameText.PaymentSuccessful)).toBeVisible();

  const [walletRow] = await reportRowsOf(page, lastDays(1));
  expect(walletRow?.[1]).toMatchObject({
    amount: walletAmount,
    action: 'Apple Pay sale',
    action_mode: 'apple_pay',
    card_brand: 'VISA',
  });

  // A swipe: the reader types into the focused field and ends with Enter.
  const swipeAmount = uniqueAmount(20);
  await frame.getByLabel('Swipe card').check();
  await frame.getByLabel('Amount').fill(swipeAmount);
  await fillPayerName(frame);
  const reader = frame.getByLabel('Card reader');
  await reader.click();
  await reader.pressSequentially(track);
  await reader.press('Enter');
  await expect(reader).toHaveValue('');
  await expect(frame.getByText('Card read: •••• 1117, expires 12/2030, JANE DOE')).toBeVisible();
  await frame.getByRole('button', { name: 'Pay' }).click();
  await expect(frame.getByText(PaymentFrameText.PaymentSuccessful)).toBeVisible();

  const [swipeRow] = await reportRowsOf(page, lastDays(1));
  expect(swipeRow?.[1]).toMatchObject({ amount: swipeAmount, action: 'Swiped sale', action_mode: 'charge' });

  // Each in the report's transaction details, the method in words.
  for (const [row, action] of [
    [walletRow, 'Apple Pay sale'],
    [swipeRow, 'Swiped sale'],
  ] as const) {
    if (!row) throw new Error(`No report row for ${action}`);
    const grid = await searchForTransaction(page, row[1].id, isoDay(new Date()));
    await grid.getByRole('row').nth(1).click();
    const detail = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(detail.getByText(row[1].id)).toBeVisible();
    await expect(detail.getByText(action, { exact: true })).toBeVisible();
  }
});

// A payment on the merchant's own linked terminal from its virtual terminal. The device is
// linked through the Terminals page's call (a TPN the sandbox links and keeps open), so the frame
// offers 'Terminal'; the sandbox device answers with its card and the report says 'Terminal sale'.
test('a payment on a linked terminal from the virtual terminal, in the report', async ({ page }) => {
  await signInAs(page, owner);
  const key = await harborPublishableKey(page);
  const merchants = await page.request.get('/api/terminal/merchants');
  expect(merchants.ok()).toBe(true);
  const listed: { message: { id: string; name: string }[] } = await merchants.json();
  const harbor = listed.message.find((merchant) => merchant.name === harborLaneName);
  if (!harbor) throw new Error('Harbor Lane is not on the Terminals page');
  const lane = `E2E${Date.now()}`;
  const linked = await page.request.post('/api/terminal/link', {
    data: {
      merchant_id: harbor.id,
      tpn: `${Date.now()}1`,
      laneId: lane,
      authKey: 'e2e-auth-key',
      device_type: 'PAX',
    },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  const terminalId: string = (await linked.json()).message.terminal.id;

  await page.goto(await saveFreeFormTerminal(page, key, [], ['credit_card', 'terminal']));
  const frame = page.frameLocator('iframe[title="Payment frame"]');
  const amount = uniqueAmount(30);
  await frame.getByLabel('Amount').fill(amount);
  await fillPayerName(frame);
  await frame.getByLabel('Terminal', { exact: true }).check();
  await frame.getByLabel('Terminal device').selectOption(terminalId);
  await frame.getByRole('button', { name: 'Pay' }).click();
  await expect(frame.getByText(PaymentFrameText.PaymentSuccessful)).toBeVisible();

  const [row] = await reportRowsOf(page, lastDays(1));
  expect(row?.[1]).toMatchObject({ amount, action: 'Terminal sale', card_brand: 'VISA' });
});
