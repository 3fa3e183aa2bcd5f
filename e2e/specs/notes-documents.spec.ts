import { expect, type Page, test } from '@playwright/test';
import { z } from 'zod';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// A note added on an account shows first; a PDF uploads, a renamed executable is
// refused with a clear message and nothing is stored.

const documentsAnswer = z.object({ message: z.array(z.object({ file_name: z.string() })) });

async function storedFileNames(page: Page, clientId: string): Promise<string[]> {
  const response = await page.request.get(`/api/documents?clientid=${clientId}`);
  expect(response.ok()).toBe(true);
  return documentsAnswer.parse(await response.json()).message.map((row) => row.file_name);
}

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
// The start of a Windows executable, named as a PDF.
const executable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x90), Buffer.from('PE\0\0')]);

test('an admin adds a note on an account and sees it first in the list', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const harborId = await clientIdNamed(page, harborLaneName);
  await page.request.post('/api/notes', {
    data: { comment: 'An older note', client_id: harborId, origin: 'Portal' },
  });

  await page.goto(`/app/account/${harborId}`);
  await page.getByRole('button', { name: 'Links' }).click();
  await page.getByRole('menuitem', { name: 'Notes' }).click();
  const notes = page.getByTestId('notes-view');
  await expect(notes.getByRole('heading', { name: harborLaneName })).toBeVisible();
  await expect(notes.getByText('An older note')).toBeVisible();

  await notes.getByRole('button', { name: 'Add' }).click();
  const form = page.getByRole('dialog', { name: 'New note' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Description is required')).toBeVisible();

  const text = `Called the owner about paper statements ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Description' }).fill(text);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note was successfully created.')).toBeVisible();
  await expect(notes.getByRole('list', { name: 'Notes' }).getByRole('listitem').first()).toContainText(text);
  expect(pageErrors).toEqual([]);
});

test('a merchant uploads a PDF; a renamed executable is refused and nothing is stored', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'owner@harborlanecoffee.example');
  const harborId = await clientIdNamed(page, harborLaneName);
  await page.goto(`/app/documents/upload/${harborId}`);
  await expect(page.getByText('Drag and drop here')).toBeVisible();
  const uploadButton = page.getByRole('button', { name: /^Upload \d+$/ });
  await expect(uploadButton).toBeDisabled();

  const statementName = `statement-${Date.now()}.pdf`;
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: statementName, mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Upload 1' }).click();
  await expect(page.getByText('Field is required')).toBeVisible();
  await page.getByRole('combobox', { name: `Tag of ${statementName}` }).click();
  await page.getByRole('option', { name: 'Bank Statement' }).click();
  await page.getByRole('button', { name: 'Upload 1' }).click();
  await expect(page.getByText('Files were successfully uploaded!')).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Documents' }).getByText(statementName)).toBeVisible();

  const renamed = `invoice-${Date.now()}.pdf`;
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: renamed, mimeType: 'application/pdf', buffer: executable });
  await page.getByRole('combobox', { name: `Tag of ${renamed}` }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await page.getByRole('button', { name: 'Upload 1' }).click();
  await expect(page.getByText('Something went wrong!')).toBeVisible();
  await expect(page.getByText(/This file (type is not allowed|is not a PDF document)\./)).toBeVisible();

  const stored = await storedFileNames(page, harborId);
  expect(stored).toContain(statementName);
  expect(stored).not.toContain(renamed);
  expect(pageErrors).toEqual([]);
});
