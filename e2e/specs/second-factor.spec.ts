import { expect, type Page, test } from '@playwright/test';
import { TOTP_PERIOD_SECONDS } from '@portico/contracts/auth/totp';
import { clientIdNamed } from '../support/clients';
import { waitForEmailLink, waitForLinkInMail } from '../support/mailbox';
import { collectPageErrors } from '../support/page-errors';
import { nextCodeForKey, totpCodeOf } from '../support/second-factor';
import { askForLoginLink, mainMenu, signInAs } from '../support/sign-in';

// A merchant owner whose access requires a second factor (payouts) and who has none signs in by
// e-mail link and is taken through setting up an authenticator app before anything else: a wrong
// code is refused, a right one shows the recovery codes once and opens Home. The next sign-in asks
// for the code; the same code the time after is refused. Staff then reset the user's second factor
// from the Users page, and the next sign-in asks for a set-up again. The owner is a user staff add
// for this run, so no other spec shares its state. Codes are computed from the key the page shows for
// manual entry, with the server's own TOTP rule.
const email = `owner.${Date.now()}@ledgerlane.example`;
const userName = 'Sasha Ledger';
const merchantName = 'Ledger Lane Collectibles';

// A code no step around now has.
function wrongCode(secret: string): string {
  const near = [-1, 0, 1].map((step) => totpCodeOf(secret, Date.now() + step * TOTP_PERIOD_SECONDS * 1000));
  return ['000000', '111111', '222222', '333333'].find((code) => !near.includes(code)) ?? '444444';
}

async function signInByLinkTo(page: Page, heading: string) {
  const since = await askForLoginLink(page, email);
  await page.goto(await waitForEmailLink(email, since));
  await expect(page).toHaveURL(/\/app\/second-factor$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function logout(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/login/);
}

test('a user whose access requires a second factor sets one up at sign-in, signs in with its code, and a replayed code is refused', async ({
  page,
  browser,
}) => {
  // Four sign-ins by e-mail and a staff page.
  test.setTimeout(150_000);
  // Staff add the owner: no role at the merchant is every permission, payouts included.
  const staff = await browser.newPage();
  await signInAs(staff, 'admin@portico.example');
  const added = await staff.request.post('/api/user', {
    data: { name: userName, email, merchant_id: await clientIdNamed(staff, merchantName), role: null },
  });
  expect(added.ok()).toBe(true);

  const pageErrors = collectPageErrors(page);
  await signInByLinkTo(page, 'Set up two-step verification');
  // Nothing else opens before the set-up is done.
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code to add Portico to your authenticator app' }),
  ).toBeVisible();
  const secret = (await page.getByLabel('Key for manual entry').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel('Code from your authenticator app').fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('The code is not valid.')).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill(await nextCodeForKey(email, secret));
  await page.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Done' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });
  await expect(mainMenu(page)).toBeVisible();
  // The portal tour of a first visit is another spec's subject.
  expect((await page.request.put('/api/user/tour', { data: { tour: 'merchant', seen: true } })).ok()).toBe(
    true,
  );
  await page.goto('/app/settings');
  await expect(
    page
      .getByRole('region', { name: 'Authenticator app' })
      .getByText(/^On since .+: every sign-in asks a code from the app\. 10 recovery codes left\.$/),
  ).toBeVisible();

  // Signed out, the e-mail link alone no longer opens the portal.
  await logout(page);
  await signInByLinkTo(page, 'Two-step verification');
  expect((await page.request.get('/api/user')).status()).toBe(401);
  const code = await nextCodeForKey(email, secret);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  // The same code on the next sign-in is refused, and the page stays on the code.
  await logout(page);
  await signInByLinkTo(page, 'Two-step verification');
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is not valid.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/second-factor$/);
  expect(pageErrors).toEqual([]);

  // Staff reset the user's second factor from the Users page; the user is told by e-mail.
  try {
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
  // The waiting sign-in ended with the reset; the next one asks for a set-up again.
  await signInByLinkTo(page, 'Set up two-step verification');
});
