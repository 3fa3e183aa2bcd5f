import { expect, type Page } from '@playwright/test';
import {
  encodePaymentFrameParams,
  type PaymentOption,
  paymentFrameAddress,
} from '@portico/contracts/payment-frame/params';
import { harborLaneName } from './clients';

// A sandbox test card (begins with 1, passes Luhn).
export const testCard = '1111111111111117';

export async function harborPublishableKey(page: Page): Promise<string> {
  const response = await page.request.get('/api/user/apikeys');
  expect(response.ok()).toBe(true);
  const body: { message: { name: string; public_key: string }[] } = await response.json();
  const harbor = body.message.find((record) => record.name === harborLaneName);
  if (!harbor) throw new Error('Harbor Lane has no key for the owner');
  return harbor.public_key;
}

// A free-form-amount terminal of the signed-in merchant, saved through the configurator's call; its
// virtual terminal address.
export async function saveFreeFormTerminal(
  page: Page,
  key: string,
  customFields: { name: string; type: 'text' }[] = [],
  paymentOptions?: PaymentOption[],
): Promise<string> {
  const params = { publishableKey: key, freeFormAmount: true, ...(paymentOptions ? { paymentOptions } : {}) };
  const saved = await page.request.post('/api/virtualterminalurl', {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      url: paymentFrameAddress('', encodePaymentFrameParams(params)),
      customFields,
      apikey: key,
      name: `E2E Counter ${Date.now()}`,
      is_active: true,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const terminalId: string = (await saved.json()).message.id;
  return `/app/virtual-terminal/${key}?terminalId=${terminalId}`;
}

// The frame's own page, or the frame inside the virtual terminal: both find fields by label.
export type FrameScope = Pick<Page, 'getByLabel' | 'getByRole'>;

export async function payByCard(frame: FrameScope, expiry: { month: string; year: string }) {
  await frame.getByLabel('Card number').fill(testCard);
  await frame.getByLabel('Expiry month (MM)').fill(expiry.month);
  await frame.getByLabel('Expiry year (YYYY)').fill(expiry.year);
  await frame.getByLabel('CVV').fill('123');
  await frame.getByRole('button', { name: 'Pay' }).click();
}
