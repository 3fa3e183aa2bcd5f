import { expect, type Page, test } from '@playwright/test';
import { decodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { LinkBuilderText } from '@portico/contracts/payment-links/link-builder';
import { DashboardLabel } from '@portico/contracts/transactions/texts';
import { apiKeysResponse } from '@portico/contracts/virtual-terminals/api-keys';
import { ConfiguratorText } from '@portico/contracts/virtual-terminals/terminal-configuration';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { revealedSecretKey } from '../support/secret-key';
import { signInAs } from '../support/sign-in';

// A merchant configures a terminal with a custom field and opens it from
// Home; a payment link builder without a session makes a one-time and a subscription link.

const owner = 'owner@harborlanecoffee.example';

async function harborKeys(page: Page) {
  const harborId = await clientIdNamed(page, harborLaneName);
  const response = await page.request.get('/api/user/apikeys');
  const record = apiKeysResponse.parse(await response.json()).message.find((entry) => entry.id === harborId);
  if (!record) throw new Error('Harbor Lane has no keys');
  // The list answers the secret key masked; the owner holds Payment Pages there, so may reveal it.
  return { ...record, apikey: await revealedSecretKey(page, harborId) };
}

async function pickOption(page: Page, combobox: ReturnType<Page['getByRole']>, option: string | RegExp) {
  await combobox.click();
  await page.getByRole('option', { name: option }).click();
}

test('a merchant configures a terminal with a custom field and opens it from Home', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, owner);
  const keys = await harborKeys(page);
  const terminalName = `E2E Counter ${Date.now()}`;

  await page.getByRole('button', { name: DashboardLabel.ConfigureVirtualTerminal }).click();
  const configureDialog = page.getByRole('dialog', { name: DashboardLabel.SelectTerminalToConfigure });
  await pickOption(page, configureDialog.getByRole('combobox', { name: 'Merchant Account' }), harborLaneName);
  await configureDialog.getByRole('button', { name: DashboardLabel.CreateNewTerminal }).click();
  // The address carries the publishable key, never the secret one.
  await expect(page).toHaveURL(new RegExp(`/app/configure-terminal/${keys.public_key}\\?new=true$`));

  await expect(page.getByRole('textbox', { name: 'Terminal Name' })).toHaveValue(
    /^New Terminal \d{2}-\d{2}-\d{4}$/,
  );
  await page.getByRole('textbox', { name: 'Terminal Name' }).fill(terminalName);
  await page.getByRole('button', { name: 'Add Field' }).click();
  const field = page.getByRole('group', { name: 'Custom field 1' });
  await field.getByRole('textbox', { name: 'Field Name' }).fill('Table Size');
  await pickOption(page, field.getByRole('combobox', { name: 'Field Type' }), 'dropdown');

  // A dropdown needs a value; nothing is saved.
  await page.getByRole('button', { name: ConfiguratorText.SaveConfiguration }).click();
  await expect(
    field.getByText('Field "Table Size" of type "dropdown" must have at least one value'),
  ).toBeVisible();

  await field.getByRole('button', { name: 'Add Option' }).click();
  await field.getByRole('textbox', { name: 'Option 1' }).fill('Two');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/virtualterminalurl') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: ConfiguratorText.SaveConfiguration }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(ConfiguratorText.Saved).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy iFrame Link' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use New Virtual Terminal' })).toBeVisible();
  const shortLink = page.getByTestId('terminal-short-link');
  await expect(shortLink).toHaveText(/\/url\/[A-Za-z0-9_-]{11}$/);
  // Its QR code, drawn by the server (150 by 150).
  await expect(page.getByRole('img', { name: `QR code of ${await shortLink.textContent()}` })).toBeVisible();
  await expect(page).toHaveURL(/terminalId=[0-9a-f-]{36}$/);
  const terminalId = new URL(page.url()).searchParams.get('terminalId');

  // Home's 'Select a Virtual Terminal' lists the merchant's terminals; Go opens the chosen one.
  await page.goto('/app/home');
  await page.getByRole('button', { name: DashboardLabel.OpenVirtualTerminal }).click();
  const openDialog = page.getByRole('dialog', { name: DashboardLabel.SelectVirtualTerminal });
  await pickOption(page, openDialog.getByRole('combobox', { name: 'Merchant Account' }), harborLaneName);
  await pickOption(page, openDialog.getByRole('combobox', { name: 'Terminal' }), terminalName);
  await openDialog.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/app/virtual-terminal/${keys.public_key}\\?terminalId=${terminalId}$`),
  );
  expect(page.url()).not.toContain(keys.apikey);
  expect(pageErrors).toEqual([]);
});

test('a payment link builder without a session makes a one-time and a subscription link', async ({
  page,
  browser,
}) => {
  await signInAs(page, owner);
  const keys = await harborKeys(page);

  // A fresh browser: no session at all.
  const context = await browser.newContext();
  const builder = await context.newPage();
  const pageErrors = collectPageErrors(builder);

  // A secret key in the address is refused with a clear message.
  await builder.goto(`/app/createlink/${keys.apikey}`);
  await expect(builder.getByText(LinkBuilderText.SecretKeyInAddress)).toBeVisible();

  await builder.goto('/app/createlink');
  const keyDialog = builder.getByRole('dialog', { name: 'Enter your API key' });
  await keyDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(keyDialog.getByText(LinkBuilderText.FieldRequired)).toBeVisible();
  await keyDialog.getByLabel('API Key').fill(keys.apikey);
  await keyDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(keyDialog).toBeHidden();

  // One-time charge.
  await builder.getByRole('textbox', { name: 'Amount' }).fill('12.50');
  await builder.getByRole('button', { name: LinkBuilderText.GetLink, exact: true }).click();
  const success = builder.getByRole('dialog', { name: 'Your payment link' });
  const link = success.getByTestId('payment-link');
  await expect(link).toHaveText(/\/app\/responsive-iframe\/payment\?params=.+&sig=.+/);
  const oneTime = new URL((await link.textContent()) ?? '');
  const oneTimeParams = decodePaymentFrameParams(oneTime.searchParams.get('params') ?? '');
  expect(oneTimeParams).toMatchObject({
    ok: true,
    params: { publishableKey: keys.public_key, amount: '12.50', paymentType: 'charge' },
  });
  expect(oneTime.toString()).not.toContain(keys.apikey);
  const shortLink = success.getByTestId('short-payment-link');
  await expect(shortLink).toHaveText(/\/url\/[A-Za-z0-9_-]+$/);
  const shortUrl = (await shortLink.textContent()) ?? '';
  await expect(success.getByRole('img', { name: `QR code of ${shortUrl}` })).toBeVisible();
  await builder.keyboard.press('Escape');
  await expect(success).toBeHidden();

  // Subscription: e-mail forced, bank not available, the end date computed.
  await builder.getByRole('radio', { name: LinkBuilderText.Subscription }).check();
  // Harbor Lane takes cards only (no ACH, crypto or open terminal), so no method shows as disabled.
  const emailChoice = builder.getByRole('radiogroup', { name: 'Email' });
  await expect(emailChoice.getByRole('radio', { name: 'optional' })).toBeDisabled();
  await expect(emailChoice.getByRole('radio', { name: 'required' })).toBeChecked();
  await builder.getByRole('textbox', { name: 'Customer Email' }).fill('subscriber@example.com');
  await builder.getByRole('textbox', { name: 'Cycles' }).fill('3');
  await expect(builder.getByLabel('End date')).toHaveText(/^Ends: \d{4}-\d{2}-\d{2}$/);
  await builder.getByRole('button', { name: LinkBuilderText.GetLink, exact: true }).click();
  await expect(link).toHaveText(/sig=/);
  const subscription = new URL((await link.textContent()) ?? '');
  const subscriptionParams = decodePaymentFrameParams(subscription.searchParams.get('params') ?? '');
  expect(subscriptionParams).toMatchObject({
    ok: true,
    params: {
      paymentType: 'subscription',
      email: 'subscriber@example.com',
      emailOption: 'required',
      cycles: 3,
      interval: 'monthly',
      frequency: 1,
    },
  });
  expect(pageErrors).toEqual([]);

  // The one-time link's short link opens its payment page in a browser without a session.
  const payer = await context.newPage();
  await payer.goto(shortUrl);
  await expect(payer).toHaveURL(/\/responsive-iframe\/payment\?params=.+sig=/);
  await context.close();
});
