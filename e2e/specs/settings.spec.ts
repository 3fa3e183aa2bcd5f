import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/page-errors';
import { mainMenu, signInByEmailLink } from '../support/sign-in';

// The Settings page from the sidebar, and 'Sign out everywhere else' ending the user's other sign-in
// while this one stays. It signs in by link twice (two browsers of one person); an earlier spec of the
// run may have left a session of this account too, so the count of others is read from the table.
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
    // A header row, this session and at least the other browser's.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    await expect(sessions.getByText('This session')).toHaveCount(1);
    const others = (await rows.count()) - 2;
    const whichOthers = others === 1 ? 'the other session' : `the ${others} other sessions`;

    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const confirmation = page.getByRole('group', { name: 'Confirmation' });
    await expect(confirmation).toContainText(`Sign out of ${whichOthers}? This one stays signed in.`);
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
