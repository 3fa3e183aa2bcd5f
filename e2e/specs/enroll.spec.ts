import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// An enrollment made on the enroll page with
// interchange-plus pricing and a PDF agreement, the ZIP and PDF rules, and the onboarding grid.

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

// Fills the merchant tab with interchange-plus pricing and a PDF agreement under Summit, enrolls, and
// answers the new enrollment's id from the server's answer.
async function enrollJuniperWithInterchangePlus(page: Page, dba: string): Promise<string> {
  await page.goto('/app/enroll-portal-page');
  await expect(page.getByRole('heading', { name: 'Enroll' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Merchant', selected: true })).toBeVisible();
  const enroll = page.getByRole('button', { name: 'Enroll' });
  await expect(enroll).toBeDisabled();

  await page.getByRole('textbox', { name: /Business Name \(DBA\)/ }).fill(dba);
  await page.getByRole('textbox', { name: /Legal Business Name/ }).fill(`${dba} LLC`);
  await page.getByRole('textbox', { name: /Email Address/ }).fill('owner@juniper.example');
  await choose(page, /MCC Code/, /#5812$/);
  await choose(page, /Select Parent of Company/, 'Summit Merchant Services');
  await page.getByLabel('Custom Agreement Upload (PDF)').setInputFiles({
    name: 'Agreement.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await page.getByRole('radio', { name: 'Interchange Plus' }).check();
  await page.getByRole('textbox', { name: /Interchange Basis Points/ }).fill('35');
  await page.getByRole('textbox', { name: /Cents Per Transaction/ }).fill('10');
  await page.getByRole('textbox', { name: /ACH Percent Charge/ }).fill('0.5');
  await page.getByRole('textbox', { name: /ACH Per Transaction Charge/ }).fill('$0.30');

  await expect(enroll).toBeEnabled();
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/enroll'),
  );
  await enroll.click();
  const answer = await answered;
  expect(answer.status()).toBe(200);
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText('Application sent to owner@juniper.example')).toBeVisible();
  return String((await answer.json()).message.id);
}

test('an admin enrolls a merchant under Summit with interchange-plus pricing and sees it on /onboarding', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  const dba = `Juniper Bakery ${Date.now()}`;
  const id = await enrollJuniperWithInterchangePlus(page, dba);

  await page.goto('/app/onboarding');
  const grid = page.getByRole('grid', { name: 'Onboarding' });
  const row = grid.getByRole('row', { name: new RegExp(dba) });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/app/onboard/${id}$`));
  // Staff see the pricing the form built.
  const cardRate = page.getByRole('textbox', { name: 'Card Rate' });
  await expect(cardRate).toHaveValue('IC+35bps+10c');
  expect(pageErrors).toEqual([]);
});

test('a parent enrolls a merchant with interchange-plus pricing and a PDF agreement on the enroll page', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'reseller@summitms.example');
  const dba = `Summit Juniper ${Date.now()}`;
  const id = await enrollJuniperWithInterchangePlus(page, dba);
  // The parent opens it from its hierarchy; processing stays staff-only.
  await page.goto(`/app/onboard/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: dba })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Card Processing' })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('the partner ZIP and a non-PDF agreement show their messages', async ({ page }) => {
  await signInAs(page, 'admin@portico.example');
  await page.goto('/app/enroll-portal-page');
  await page.getByRole('tab', { name: 'Partner' }).click();
  await expect(page.getByText('Additional Partner Information')).toBeVisible();

  const zip = page.getByRole('textbox', { name: 'Business Zip' });
  await zip.pressSequentially('97a20');
  await zip.blur();
  await expect(zip).toHaveValue('9720');
  await expect(page.getByText('Invalid ZIP code format.', { exact: true })).toBeVisible();
  await zip.fill('97201-1234');
  await expect(zip).toHaveValue('97201-1234');
  await expect(page.getByText('Invalid ZIP code format.', { exact: true })).toBeHidden();

  // A parent left empty says so once touched.
  await page.getByRole('combobox', { name: /Select Parent of Company/ }).click();
  await page.getByRole('heading', { name: 'Enroll' }).click();
  await expect(page.getByText('Parent is required.', { exact: true })).toBeVisible();

  const upload = page.getByLabel('Custom Agreement Upload (PDF)');
  await upload.setInputFiles({ name: 'agreement.docx', mimeType: 'application/octet-stream', buffer: pdf });
  await expect(page.getByText('Only PDF documents are allowed.', { exact: true })).toBeVisible();
  await expect(upload).toHaveValue('');
});

test('a parent enrolls under its own parent only; a missing parent is refused', async ({ page }) => {
  await signInAs(page, 'reseller@summitms.example');
  const parents = await page.request.get('/api/parent-assignment');
  expect(parents.status()).toBe(200);
  const parentList: unknown = (await parents.json()).message;
  expect(parentList).toEqual([{ parent_id: expect.any(String), name: 'Summit Merchant Services' }]);
  const summitId = Array.isArray(parentList) ? String(parentList[0]?.parent_id) : '';
  const body = {
    application_type: 'Merchant',
    is_from_portal: true,
    dba_name: `Summit Deli ${Date.now()}`,
    legal_name: 'Summit Deli LLC',
    email: 'owner@summitdeli.example',
    mcc_code: '5812',
    level: 'Merchant',
    card_rate: 'IC+35bps+10c',
    document: { name: 'Agreement.pdf', extension: 'pdf', content: pdf.toString('base64') },
  };

  const missing = await page.request.post('/api/enroll', { data: body });
  expect(missing.status()).toBe(400);
  expect(JSON.stringify(await missing.json())).toContain('Parent is required.');
  const foreign = await page.request.post('/api/enroll', {
    data: { ...body, parent: '7d1c1f8e-1b7a-4c55-9a3e-000000000000' },
  });
  expect(foreign.status()).toBe(403);
  const own = await page.request.post('/api/enroll', { data: { ...body, parent: summitId } });
  expect(own.status()).toBe(200);
});
