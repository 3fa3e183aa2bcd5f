import { expect, type Page, test } from '@playwright/test';
import { enablementStateResponse } from '@portico/contracts/processor-enablement/processor-enablement';
import { clientIdNamed } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// Manage Processor Enablement against the onboarding sandbox: staff enable EPX and see
// the event; ProPay ACH only for a merchant whose tax id ends in 13 (the sandbox's decline rule)
// shows the failure text and changes nothing; the ProPay portal opens in its 480px frame.

async function enablementOf(page: Page, clientId: string) {
  const response = await page.request.get(`/api/processor-enablement?id=${clientId}`);
  expect(response.ok()).toBe(true);
  return enablementStateResponse.parse(await response.json()).message;
}

async function openPanel(page: Page, name: string) {
  await page.getByRole('button', { name: 'Links' }).click();
  await page.getByRole('menuitem', { name }).click();
}

test('staff enable EPX for a merchant in the sandbox and see the event in the Events panel', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const libertyId = await clientIdNamed(page, 'Liberty Wine & Spirits');
  expect((await enablementOf(page, libertyId)).epx.is_enabled).toBe(false);

  await page.goto(`/app/account/${libertyId}/data`);
  await expect(page.getByRole('heading', { name: 'Merchant Information' })).toBeVisible();
  await openPanel(page, 'Manage Processor Enablement');
  const panel = page.getByTestId('enablement-panel');
  await panel.getByRole('button', { name: 'Enable EPX' }).click();
  const outcome = panel.getByRole('status');
  await expect(outcome).toContainText(/^Merchant enabled successfully: 9001\d{8}/);
  const merchantId = (await enablementOf(page, libertyId)).epx.merchant_identifier;
  expect(merchantId).toMatch(/^9001\d{8}$/);
  // Enabled now: the re-submit options replace the button.
  await expect(panel.getByRole('radio', { name: 'Re-submit fees' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Enable EPX' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await openPanel(page, 'Events');
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events.getByRole('listitem').first()).toContainText(`EPX enabled: merchant ${merchantId}`);
  expect(pageErrors).toEqual([]);
});

test('ProPay ACH only with a failing sandbox input shows the failure text and changes nothing', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  // The demo's Northwind Subscription Box has a tax id ending in 13.
  const northwindId = await clientIdNamed(page, 'Northwind Subscription Box');
  const before = await enablementOf(page, northwindId);
  expect(before.propay.is_enabled).toBe(false);

  await page.goto(`/app/account/${northwindId}/data`);
  await openPanel(page, 'Manage Processor Enablement');
  const panel = page.getByTestId('enablement-panel');
  await panel.getByRole('button', { name: 'Enable ProPay ACH only' }).click();
  const outcome = panel.getByRole('status');
  await expect(outcome).toContainText('Propay called failed with status code: 58');
  await expect(outcome).toContainText('Sandbox ProPay: tax ids ending in 13 fail underwriting');

  expect(await enablementOf(page, northwindId)).toEqual(before);
  await expect(panel.getByText('Not enabled')).toHaveCount(3);
  expect(pageErrors).toEqual([]);
});

test("the ProPay portal opens the sandbox's page for the merchant, 480px high", async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const peakId = await clientIdNamed(page, 'Peak Performance Fitness');
  const account = (await enablementOf(page, peakId)).propay.propay_mid;
  expect(account).not.toBeNull();

  await page.goto(`/app/account/${peakId}/data`);
  await page.getByRole('button', { name: 'Open ProPay portal' }).click();
  const frame = page.frameLocator('iframe[title="ProPay portal"]');
  await expect(frame.getByText(`Account ${account}`)).toBeVisible();
  await frame.getByRole('link', { name: 'Sweep Report' }).click();
  await expect(frame.getByRole('heading', { name: 'Sweep Report' })).toBeVisible();
  const height = await page
    .locator('iframe[title="ProPay portal"]')
    .evaluate((node) => node.getBoundingClientRect().height);
  expect(height).toBe(480);
  expect(pageErrors).toEqual([]);
});
