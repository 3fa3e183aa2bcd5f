import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/page-errors';
import { mainMenu, signInByEmailLink } from '../support/sign-in';

// The Settings page from the sidebar, and 'Sign out everywhere else' ending the user's other sign-in
// while this one stays. It signs in by link twice (two browsers of one person), so other specs'
// reused sessions of this account are not the ones it ends.
const email = 'agent@blueriverpay.example';

test('a user sees where they are signed in and signs out everywhere else', async ({ page, browser }) => {
  const pageErrors = collectPageErrors(page);
  const otherBrowser = await browser.newContext();
  const otherPage = await otherBrowser.newPage();
  try {
    await signInByEmailLink(otherPage, email);
    await signInByEmailLink(page, email);

    await expect(mainMenu(page)).toBeVisible();
    await page.getByRole('link', { name: 'Sign-in and security' }).click();
    await expect(page).toHaveURL(/\/app\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    const rows = sessions.getByRole('table', { name: 'Active sessions' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(sessions.getByText('This session')).toHaveCount(1);

    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const confirmation = page.getByRole('group', { name: 'Confirmation' });
    await expect(confirmation).toContainText('Sign out of the other session? This one stays signed in.');
    await confirmation.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('You are signed out everywhere else.')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(sessions.getByText('You are signed in here only.')).toBeVisible();

    // The other browser is signed out at its next step; this one goes on.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/app\/login/, { timeout: 15_000 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(pageErrors).toEqual([]);
  } finally {
    await otherBrowser.close();
  }
});
