import { expect, type Locator, type Page } from '@playwright/test';
import { riskAlertsResponse } from '@portico/contracts/dashboard/alerts';
import { transactionMonitoringResponse } from '@portico/contracts/risk/risk';

// The smallest PDF a content check accepts, as a note's attachment.
export const notePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

// The three risk lists as staff read them (GET /api/transaction-monitoring).
export async function monitoringOf(page: Page) {
  const response = await page.request.get('/api/transaction-monitoring');
  expect(response.ok()).toBe(true);
  return transactionMonitoringResponse.parse(await response.json()).message;
}

// The open risk alerts behind the dashboard's count (GET /api/risk).
export async function openAlertsOf(page: Page) {
  const response = await page.request.get('/api/risk');
  expect(response.ok()).toBe(true);
  return riskAlertsResponse.parse(await response.json()).message;
}

// Staff add a note with invoice.pdf to a risk grid row: the note lists it, the file downloads back,
// and the row reads Reviewed.
export async function addPdfNote(page: Page, row: Locator, text: string) {
  await row.getByRole('button', { name: 'Notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transaction Notes' });
  await expect(dialog.getByText('No notes yet.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Note' }).fill(text);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: notePdf,
  });
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  const notes = dialog.getByRole('list', { name: 'Notes' });
  await expect(notes).toContainText(text);
  const download = page.waitForEvent('download');
  await notes.getByRole('button', { name: 'invoice.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('invoice.pdf');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByRole('gridcell', { name: 'Reviewed', exact: true })).toBeVisible();
}
