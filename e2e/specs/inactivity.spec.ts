import { expect, test } from '@playwright/test';
import { collectPageErrors } from '../support/page-errors';
import { signInByEmailLink } from '../support/sign-in';

const warning = (minutes: number) =>
  `${minutes} minutes of inactivity detected. You will be logged out after 15 minutes of inactivity.`;

// Warnings at 5, 10 and 14 idle minutes, logout at 15, in a normal browser (the
// original switched itself off whenever the page had a hostname).
test('15 idle minutes sign the user out, after three warnings', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInByEmailLink(page, 'owner@copperkettle.example');

  // The fake clock takes over from the next page load; the session is already in the cookie. It
  // still runs with real time until the first runFor, and the minute timer starts when the shell
  // mounts, so each check sits half a minute away from a tick: a warning one minute early or late
  // still fails, a slow page load does not.
  await page.clock.install();
  await page.goto('/app/home');
  await expect(page.getByText('Logged in as')).toBeVisible();

  await page.clock.runFor('04:30');
  await expect(page.getByText(warning(5))).toHaveCount(0);
  await page.clock.runFor('01:00');
  await expect(page.getByText(warning(5))).toBeVisible();

  await page.clock.runFor('05:00');
  await expect(page.getByText(warning(10))).toBeVisible();

  await page.clock.runFor('04:00');
  await expect(page.getByText(warning(14))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/home$/);

  await page.clock.runFor('01:00');
  await expect(page.getByText('Logging you out of the application.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login$/);

  // The server session was revoked too, not only forgotten by the page.
  const authenticated = await page.request.post('/authenticated');
  expect(await authenticated.json()).toEqual({ status: true, message: false });
  expect(pageErrors).toEqual([]);
});

test('activity starts the count again', async ({ page }) => {
  await signInByEmailLink(page, 'frontdesk@harborviewdental.example');
  await page.clock.install();
  await page.goto('/app/home');
  await expect(page.getByText('Logged in as')).toBeVisible();

  // Ticks fall at whole minutes after the shell mounted (see the first test on the offsets). The
  // activity at 3½ minutes zeroes the count, so the fifth idle tick is the one at 8 minutes.
  await page.clock.runFor('03:30');
  await page.mouse.move(200, 300);
  await page.keyboard.press('Shift');
  await page.clock.runFor('04:00');
  await expect(page.getByText(warning(5))).toHaveCount(0);
  await page.clock.runFor('01:00');
  await expect(page.getByText(warning(5))).toBeVisible();
});
