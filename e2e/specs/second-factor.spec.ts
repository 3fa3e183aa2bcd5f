import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { base32Decode, type HmacSha1, TOTP_PERIOD_SECONDS, totpCodeAt } from '@portico/contracts/auth/totp';
import { waitForEmailLink, waitForLinkInMail } from '../support/mailbox';
import { collectPageErrors } from '../support/page-errors';
import { askForLoginLink, mainMenu, signInAs, signInByEmailLink } from '../support/sign-in';

// A user sets up an authenticator app on Settings, signs out, signs in by e-mail link and is asked for
// the code, which opens Home; the same code is refused the next time. Codes are computed from the key
// the page shows for manual entry, with the server's own TOTP rule. Staff then reset the user's second
// factor from the Users page, so the account ends as the demo seed made it (no other spec signs in as
// this user).
const email = 'crypto@ledgerlane.example';
const userName = 'Rowan Ellis';
const merchantName = 'Ledger Lane Collectibles';

const hmacSha1: HmacSha1 = (key, message) => createHmac('sha1', key).update(message).digest();

// The app's code now, and the next step's: the server accepts one step of drift and only a step later
// than the last one used, so setting up with the current step's code leaves the next step's code good
// for the sign-in that follows, however soon.
function codeAt(secret: string, epochMs: number): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('The key shown is not base32');
  return totpCodeAt(key, epochMs, hmacSha1);
}
const currentStepCode = (secret: string) => codeAt(secret, Date.now());
// A code no step around now has.
function wrongCode(secret: string): string {
  const near = [-1, 0, 1].map((step) => codeAt(secret, Date.now() + step * TOTP_PERIOD_SECONDS * 1000));
  return ['000000', '111111', '222222', '333333'].find((code) => !near.includes(code)) ?? '444444';
}
const nextStepCode = (secret: string) => codeAt(secret, Date.now() + TOTP_PERIOD_SECONDS * 1000);

async function signInToTheCode(page: Page) {
  const since = await askForLoginLink(page, email);
  await page.goto(await waitForEmailLink(email, since));
  await expect(page).toHaveURL(/\/app\/second-factor$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
}

async function logout(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/login/);
}

test('a user sets up an authenticator app, signs in with its code, and a replayed code is refused', async ({
  page,
  browser,
}) => {
  // Three sign-ins by e-mail and a staff page.
  test.setTimeout(120_000);
  const pageErrors = collectPageErrors(page);
  await signInByEmailLink(page, email);
  await expect(mainMenu(page)).toBeVisible();
  await page.getByRole('link', { name: 'Sign-in and security' }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);

  const section = page.getByRole('region', { name: 'Authenticator app' });
  await expect(section.getByText('Off: you sign in without a code.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code to add Portico to your authenticator app' }),
  ).toBeVisible();
  const secret = (await section.getByLabel('Key for manual entry').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await section.getByLabel('Code from your authenticator app').fill(wrongCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('The code is not valid.')).toBeVisible();
  await section.getByLabel('Code from your authenticator app').fill(currentStepCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();

  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(section.getByRole('button', { name: 'Done' })).toBeDisabled();
  await section.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(
    section.getByText(/^On since .+: every sign-in asks a code from the app\. 10 recovery codes left\.$/),
  ).toBeVisible();

  // Signed out, the e-mail link alone no longer opens the portal.
  await logout(page);
  await signInToTheCode(page);
  expect((await page.request.get('/api/user')).status()).toBe(401);
  const code = nextStepCode(secret);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  // The same code on the next sign-in is refused, and the page stays on the code.
  await logout(page);
  await signInToTheCode(page);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is not valid.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/second-factor$/);
  expect(pageErrors).toEqual([]);

  // Staff reset the user's second factor from the Users page; the user is told by e-mail.
  const staff = await browser.newPage();
  try {
    await signInAs(staff, 'admin@portico.example');
    await staff.goto('/app/users');
    await staff.getByRole('combobox', { name: 'Viewing Users For' }).click();
    await staff.getByRole('option', { name: merchantName, exact: true }).click();
    const since = Date.now();
    await staff.getByRole('button', { name: `Reset two-step verification of ${userName}` }).click();
    const dialog = staff.getByRole('dialog', { name: 'Reset two-step verification' });
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expect(staff.getByText('The second step was removed. The user was told by e-mail.')).toBeVisible();
    expect(await waitForLinkInMail(email, since, /https?:\/\/\S+\/app\/settings/)).toMatch(
      /\/app\/settings$/,
    );
  } finally {
    await staff.close();
  }
  // The waiting sign-in ended with the reset; the e-mail link alone opens Home again.
  await signInByEmailLink(page, email);
});
