import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/page-errors';
import { mainMenu, signInAs } from '../support/sign-in';

// A merchant owner answers a dispute: Disputes from the menu, a seeded dispute that needs a response,
// a receipt uploaded as evidence, submitted after the confirm, and the dispute then under review and
// sealed.
const owner = 'owner@harborlanecoffee.example';

// A one-page PDF made here: the server checks the content's signature, not only the name.
const receiptPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

test('the Harbor Lane owner answers a dispute with a receipt and submits it', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, owner);
  await page.goto('/app/home');
  await mainMenu(page).getByRole('link', { name: 'Disputes' }).click();
  await expect(page).toHaveURL(/\/app\/disputes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();

  const grid = page.getByRole('grid', { name: 'Disputes' });
  const needsResponse = grid.getByRole('row').filter({ hasText: 'Needs response' }).first();
  await expect(needsResponse).toBeVisible();
  await needsResponse.getByText('Needs response').click();
  await expect(page).toHaveURL(/\/app\/disputes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('at Harbor Lane Coffee Roasters');
  await expect(page.getByText('Needs response').first()).toBeVisible();

  const evidence = page.getByRole('region', { name: 'Evidence' });
  await evidence.getByRole('combobox', { name: 'Kind of evidence' }).click();
  await page.getByRole('option', { name: /^Receipt/ }).click();
  await evidence
    .locator('input[type="file"]')
    .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: receiptPdf });
  await evidence.getByRole('button', { name: 'Upload evidence' }).click();
  await expect(evidence.getByText('receipt.pdf was added.')).toBeVisible();
  await expect(evidence.getByRole('listitem').filter({ hasText: 'receipt.pdf' })).toContainText('Receipt');

  const response = page.getByRole('region', { name: 'Your response' });
  await response
    .getByRole('textbox', { name: 'Your explanation' })
    .fill('The receipt shows the order and its pickup.');
  await response.getByRole('button', { name: 'Submit evidence' }).click();
  const confirmation = page.getByRole('group', { name: 'Confirmation' });
  await expect(confirmation).toContainText(
    'Submit the evidence and explanation? Nothing can be added or changed afterwards.',
  );
  await confirmation.getByRole('button', { name: 'Submit' }).click();

  const facts = page.getByRole('region', { name: 'The dispute' });
  await expect(facts.getByText('Under review')).toBeVisible();
  await expect(
    response.getByText('Submitted and sealed: the card issuer is reviewing the evidence.'),
  ).toBeVisible();
  await expect(evidence.getByText('The evidence was submitted and is sealed.')).toBeVisible();
  await expect(response.getByRole('button', { name: 'Submit evidence' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Evidence submitted');
  expect(pageErrors).toEqual([]);
});
