import { expect, test } from '@playwright/test';
import { ctaApplicationResponse, ctaSendResponse } from '@portico/contracts/enrollment/click-to-agree';
import { onboardingListResponse } from '@portico/contracts/enrollment/enroll';
import { enrollUnderSummit, waitForApplicationLink } from '../support/click-to-agree';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// Staff send the click-to-agree e-mail; the link from the real SMTP peer is
// completed and agreed in a fresh browser without a session; the enrollment moves to cta_signed.

test('staff send the CTA; the merchant completes and agrees in a fresh browser; status cta_signed', async ({
  page,
  browser,
}) => {
  // Sign-in, enrollment, mail and a whole application in a second browser.
  test.slow();
  const stamp = Date.now();
  const applicant = `owner-${stamp}@juniper.example`;
  const dba = `Juniper Bakery ${stamp}`;
  await signInAs(page, 'admin@portico.example');
  const enrollmentId = await enrollUnderSummit(page, applicant, dba);

  // Quick send: the record's primary e-mail.
  const since = Date.now();
  const sent = await page.request.post('/api/enroll/cta', { data: { id: enrollmentId } });
  expect(sent.ok()).toBe(true);
  expect(ctaSendResponse.parse(await sent.json()).message).toMatchObject({
    recipients: 1,
    status: 'cta_sent',
  });
  const link = await waitForApplicationLink(applicant, since);
  expect(link).toMatch(new RegExp(`/app/enroll/[0-9a-f-]{36}/${enrollmentId}\\?token=v1\\.`));

  // The merchant: another browser, no session.
  const merchant = await browser.newContext();
  const form = await merchant.newPage();
  const pageErrors = collectPageErrors(form);
  await form.goto(link);
  await expect(form.getByRole('heading', { name: 'Merchant Application' })).toBeVisible();
  await expect(form.getByText('with Summit Merchant Services')).toBeVisible();
  await expect(form.getByRole('textbox', { name: /Business Name \(DBA\)/ })).toHaveValue(dba);

  const business = form.getByRole('group', { name: 'Business' });
  await business.getByRole('combobox', { name: /Business Structure/ }).click();
  await form.getByRole('option', { name: 'LLC Private' }).click();
  await business.getByRole('textbox', { name: /Federal Tax ID/ }).fill('84-1234567');
  await business.getByRole('textbox', { name: /Business Description/ }).fill('Neighbourhood bakery and café');

  const address = form.getByRole('group', { name: 'Address' });
  await address.getByRole('textbox', { name: /Address Line 1/ }).fill('410 Alberta St');
  await address.getByRole('textbox', { name: /City/ }).fill('Portland');
  await address.getByRole('textbox', { name: /State/ }).fill('or');
  await address.getByRole('textbox', { name: /ZIP Code/ }).fill('97211');
  await expect(address.getByText('State must be two uppercase letters.')).toBeVisible();
  await address.getByRole('textbox', { name: /State/ }).fill('OR');
  await expect(address.getByText('State must be two uppercase letters.')).toBeHidden();

  const contact = form.getByRole('group', { name: 'Contact' });
  await contact.getByRole('textbox', { name: /Contact First Name/ }).fill('June');
  await contact.getByRole('textbox', { name: /Contact Last Name/ }).fill('Park');
  await contact.getByRole('textbox', { name: /Business Phone Number/ }).fill('503-555-0100');

  const owner = form.getByRole('group', { name: 'Owner 1' });
  for (const [name, value] of [
    [/First Name/, 'June'],
    [/Last Name/, 'Park'],
    [/Title/, 'Owner'],
    [/Ownership/, '100'],
    [/SSN/, '521-44-7788'],
    [/Date of Birth/, '1985-04-12'],
    [/Phone Number/, '503-555-0142'],
    [/Address Line 1/, '12 Prescott St'],
    [/City/, 'Portland'],
    [/State/, 'OR'],
    [/ZIP Code/, '97211'],
  ] as const) {
    await owner.getByRole('textbox', { name }).first().fill(value);
  }

  const settlement = form.getByRole('group', { name: 'Settlement' });
  await settlement.getByRole('textbox', { name: /Routing Number/ }).fill('021000021');
  await settlement.getByRole('textbox', { name: /Account Number/ }).fill('000987654321');
  await settlement.getByRole('combobox', { name: /Account Type/ }).click();
  await form.getByRole('option', { name: 'Checking' }).click();

  const mix = form.getByRole('group', { name: 'Transaction Mix' });
  await mix.getByRole('textbox', { name: /Card Swiped/ }).fill('60');
  await mix.getByRole('textbox', { name: /Keyed/ }).fill('10');
  await mix.getByRole('textbox', { name: /Mail or Phone/ }).fill('10');
  await mix.getByRole('textbox', { name: /Internet/ }).fill('10');
  await expect(mix.getByText('Transaction mix must add up to 100%.')).toBeVisible();
  await mix.getByRole('textbox', { name: /Internet/ }).fill('20');
  await expect(mix.getByText('Total: 100%')).toBeVisible();
  await expect(mix.getByText('Transaction mix must add up to 100%.')).toBeHidden();

  // The terms open in a new tab, naming the parent.
  const [terms] = await Promise.all([
    form.waitForEvent('popup'),
    form.getByRole('link', { name: 'Terms and Conditions' }).click(),
  ]);
  await expect(terms.getByRole('heading', { name: 'Merchant Processing Agreement' })).toBeVisible();
  await terms.close();

  await form.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Thank you! Your application has been submitted.')).toBeVisible();

  // The link now opens the read-only result; the application is cta_signed, masked.
  await form.reload();
  await expect(form.getByText('Application agreed')).toBeVisible();
  const token = new URL(link).searchParams.get('token') ?? '';
  const view = await merchant.request.get(
    `/api/public/enroll/${enrollmentId}?token=${encodeURIComponent(token)}`,
  );
  const viewBody = await view.text();
  expect(ctaApplicationResponse.parse(JSON.parse(viewBody)).message).toMatchObject({
    status: 'cta_signed',
    can_submit: false,
  });
  for (const secret of ['521447788', '521-44-7788', '000987654321', '1985-04-12']) {
    expect(viewBody).not.toContain(secret);
  }
  expect(pageErrors).toEqual([]);
  await merchant.close();

  // Staff see it waiting for review.
  const onboarding = onboardingListResponse.parse(
    await (await page.request.get('/api/portal/onboarding-meta')).json(),
  );
  expect(onboarding.message.find((row) => row.id === enrollmentId)?.application_status).toBe('PENDING');
});

test('a tampered link shows that it is invalid or expired', async ({ page }) => {
  await page.goto(
    `/app/enroll/00000000-0000-4000-8000-000000000001/3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b?token=v1.9999999999.${'A'.repeat(43)}`,
  );
  await expect(page.getByText(/This enrollment link is invalid or has expired\./)).toBeVisible();
});
