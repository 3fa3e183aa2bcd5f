import { expect, test } from '@playwright/test';
import { payeeSearchResponse, VaultText } from '@portico/contracts/vault/vault';
import { signInAs } from '../support/sign-in';

// A merchant finds a vault customer by a prefix of its last name, edits
// its e-mail, and opens the virtual terminal prefilled with that customer's saved card.

const owner = 'owner@harborlanecoffee.example';

// Sign-in, search, save and the virtual terminal's load in one walk.
test.slow();

test('finds a customer by a prefix of the last name, edits the e-mail and charges the saved card in the virtual terminal', async ({
  page,
}) => {
  await signInAs(page, owner);
  // A seeded Harbor Lane customer with a saved card.
  const listed = payeeSearchResponse.parse(await (await page.request.get('/api/payee/all')).json()).message;
  const customer = listed.customers.find(
    (c) => (c.last_name ?? '').length >= 3 && c.payment_methods.some((m) => m.issuer !== 'BANK'),
  );
  if (!customer?.last_name) throw new Error('Harbor Lane has no vault customer with a saved card');
  const card = customer.payment_methods.find((m) => m.issuer !== 'BANK');
  if (!card) throw new Error('no saved card');
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  const newEmail = `vault-e2e-${Date.now()}@example.com`;

  await page.goto('/app/vault');
  await page.getByLabel(VaultText.SearchLabel).fill(customer.last_name.slice(0, 3).toLowerCase());
  await page.getByRole('button', { name: VaultText.RunSearch }).click();
  const table = page.getByRole('table', { name: 'Vault customers' });
  await expect(table.getByRole('button', { name: `Edit ${name}` })).toBeVisible();

  await table.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await edit.getByLabel('Email').fill(newEmail);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(VaultText.Saved)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(table.getByText(newEmail)).toBeVisible();

  await table.getByRole('button', { name: `Payment methods of ${name}` }).click();
  const methods = page.getByRole('dialog', { name: 'Customer Payment Methods' });
  await methods.getByRole('radio', { name: `${card.issuer} ${card.token}` }).check();
  await expect(methods.getByRole('group', { name: 'Billing address' })).toBeVisible();
  await methods.getByRole('link', { name: 'Charge This Method' }).click();

  await page.waitForURL((url) => url.pathname.startsWith('/app/virtual-terminal/'));
  const address = new URL(page.url());
  expect(address.searchParams.get('customerId')).toBe(customer.id);
  expect(address.searchParams.get('paymentMethodId')).toBe(card.id);
  // The terminal loads behind the address (its page is loaded on demand): the saved card first.
  await expect(page.getByRole('combobox', { name: 'Saved payment method' })).toHaveValue(
    `${card.issuer} ${card.token}`,
  );
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();
});

test.describe('at a phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search and the customer table fit 390 px: the table scrolls inside its box, the page does not', async ({
    page,
  }) => {
    await signInAs(page, owner);
    await page.goto('/app/vault');
    await expect(page.getByRole('button', { name: VaultText.RunSearch })).toBeInViewport();
    const table = page.getByRole('table', { name: 'Vault customers' });
    await expect(table.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('vault-390.png') });
  });
});
