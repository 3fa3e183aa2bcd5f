import { expect, type Page, test } from '@playwright/test';
import { apiKeysResponse } from '@portico/contracts/virtual-terminals/api-keys';
import { z } from 'zod';
import { collectPageErrors } from '../support/page-errors';
import { revealedSecretKey } from '../support/secret-key';
import { signInAs } from '../support/sign-in';

// Through the enrollment page as staff: run KYC, approve, and the new merchant
// account exists with its API key; a second enrollment is rejected.

const envelope = z.object({ status: z.literal(true), message: z.unknown() });

async function enrollUnderSummit(page: Page, dba: string): Promise<string> {
  const parents = z
    .array(z.object({ parent_id: z.string(), name: z.string() }))
    .parse(envelope.parse(await (await page.request.get('/api/parent-assignment')).json()).message);
  const summit = parents.find((parent) => parent.name === 'Summit Merchant Services');
  if (!summit) throw new Error('no Summit parent');
  const response = await page.request.post('/api/enroll', {
    data: {
      application_type: 'Merchant',
      is_from_portal: true,
      dba_name: dba,
      legal_name: `${dba} LLC`,
      email: 'owner@juniper.example',
      parent: summit.parent_id,
      mcc_code: '5812',
      level: 'Merchant',
      card_rate: 'IC+35bps+10c',
      principals: [{ first_name: 'June', last_name: 'Park', ssn: '123-45-6789' }],
    },
  });
  expect(response.ok()).toBe(true);
  return z.object({ id: z.string() }).parse(envelope.parse(await response.json()).message).id;
}

async function openAction(page: Page, item: string) {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog', { name: item });
}

test('staff run KYC and approve from the enrollment page; the merchant exists with its keys', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const dba = `Juniper Bakery ${Date.now()}`;
  const id = await enrollUnderSummit(page, dba);
  await page.goto(`/app/onboard/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: dba })).toBeVisible();

  const kyc = await openAction(page, 'Run KYC');
  await kyc.getByRole('button', { name: 'Run KYC' }).click();
  await expect(page.getByText('KYC Run!')).toBeVisible();
  await expect(kyc.getByLabel('KYC result')).toHaveText(/passed/i);
  await kyc.getByRole('button', { name: 'Close' }).click();

  const decision = await openAction(page, 'Approve or Reject Client');
  await decision.getByRole('button', { name: 'Approve Client' }).click();
  const confirmation = decision.getByRole('group', { name: 'Confirmation' });
  await confirmation.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved!')).toBeVisible();
  await expect(decision.getByText(/public key pk_live_/)).toBeVisible();
  await decision.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByLabel('Application status').first()).toHaveText('Boarded');

  // The account is live: it is among the merchants with API keys, and no number leaks unmasked.
  const keys = apiKeysResponse.parse(await (await page.request.get('/api/user/apikeys')).json()).message;
  const account = keys.find((merchant) => merchant.name === dba);
  // The list answers the secret key masked; staff reveal it in full on request.
  expect(account?.apikey).toMatch(/^\*{4}.{4}$/);
  expect(await revealedSecretKey(page, account?.id ?? '')).toMatch(/^sk_live_/);
  const record = await (await page.request.get(`/api/enroll?id=${id}`)).text();
  expect(record).not.toContain('123-45-6789');
  expect(record).not.toContain('123456789');
  expect(pageErrors).toEqual([]);
});

test('staff reject a second enrollment from its page', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const dba = `Quince Vapor ${Date.now()}`;
  const id = await enrollUnderSummit(page, dba);
  await page.goto(`/app/onboard/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: dba })).toBeVisible();

  const decision = await openAction(page, 'Approve or Reject Client');
  await decision.getByRole('button', { name: 'Reject Client' }).click();
  await decision.getByRole('group', { name: 'Confirmation' }).getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Reject Successful')).toBeVisible();
  await decision.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByLabel('Application status').first()).toHaveText('Rejected');
  expect(pageErrors).toEqual([]);
});
