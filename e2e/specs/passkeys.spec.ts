import { expect, type Page, test } from '@playwright/test';
import { waitForEmailLink } from '../support/mailbox';
import { collectPageErrors } from '../support/page-errors';
import { askForLoginLink, signInByEmailLink } from '../support/sign-in';

// A user adds a passkey on Settings (Chromium's virtual authenticator stands for the device, with
// its own user verification), signs out and signs in with it from the login page without typing
// anything; the e-mail link then asks for the passkey as the second step; the user removes it, and
// the e-mail link alone opens Home again, as the demo seed made the account (other specs sign in as
// this user by e-mail link).
const email = 'frontdesk@harborviewdental.example';
const passkeyName = 'E2E laptop';

async function logout(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/login/);
}

// Best effort when the spec failed half-way: the passkeys of the signed-in session are removed.
async function removeLeftPasskeys(page: Page) {
  const listed = await page.request.get('/api/passkeys');
  if (!listed.ok()) return;
  const body = (await listed.json()) as { message: { passkeys: { id: string }[] } };
  for (const passkey of body.message.passkeys) await page.request.delete(`/api/passkeys/${passkey.id}`);
}

test('a user adds a passkey, signs in with it without a password, is asked for it as the second step, and removes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pageErrors = collectPageErrors(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await signInByEmailLink(page, email);
  let isDone = false;
  try {
    await page.goto('/app/settings');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(section.getByText('No passkeys yet.')).toBeVisible();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByLabel('Passkey name').fill(passkeyName);
    await section.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The passkey was added.')).toBeVisible();
    const row = section.getByRole('row', { name: new RegExp(passkeyName) });
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [A-Z]{2,5}/);
    await expect(row).toContainText('Not yet');
    // The device keeps a discoverable passkey: the login page can offer it without an address.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    // Passwordless: the passkey alone opens Home, with no second step.
    await logout(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });
    await expect(page.getByText(email, { exact: true })).toBeVisible();

    // The e-mail link is now the first step only: the passkey is asked next, and no code box is shown.
    await logout(page);
    const since = await askForLoginLink(page, email);
    await page.goto(await waitForEmailLink(email, since));
    await expect(page).toHaveURL(/\/app\/second-factor$/, { timeout: 15_000 });
    await expect(page.getByLabel('Authentication code')).toHaveCount(0);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });

    // Last used is shown now; the passkey is removed after a confirmation.
    await page.goto('/app/settings');
    await expect(row).not.toContainText('Not yet');
    await section.getByRole('button', { name: `Remove ${passkeyName}` }).click();
    await section
      .getByRole('group', { name: 'Confirmation' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('The passkey was removed.')).toBeVisible();
    await expect(section.getByText('No passkeys yet.')).toBeVisible();
    isDone = true;
  } finally {
    if (!isDone) await removeLeftPasskeys(page);
  }

  // The account is as the seed made it: the e-mail link alone opens Home.
  await logout(page);
  await signInByEmailLink(page, email);
  expect(pageErrors).toEqual([]);
});
