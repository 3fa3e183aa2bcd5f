import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// The theme switch of the user block: the look changes at once, is kept for the user (another device
// opens in it), and 'System' follows the device again. The axe tier checks every page in both looks.

const email = 'barista@harborlanecoffee.example';

function schemeOf(page: Page) {
  return page.locator('html');
}

test('a user picks the dark look, finds it on another device, and goes back to the device setting', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const pageErrors = collectPageErrors(page);
  await signInAs(page, email);
  await expect(schemeOf(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  const theme = page.getByRole('radiogroup', { name: 'Theme' });
  try {
    await theme.getByText('Dark', { exact: true }).click();
    await expect(schemeOf(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(36, 36, 36)');
    await page.reload();
    await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(schemeOf(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

    // Another device set to light: the user's choice wins.
    const elsewhere = await browser.newPage({ colorScheme: 'light' });
    await signInAs(elsewhere, email);
    await expect(schemeOf(elsewhere)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await elsewhere.close();

    // 'System' follows the device, also when the device changes its setting.
    await theme.getByText('System', { exact: true }).click();
    await expect(schemeOf(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(schemeOf(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
    await expect(schemeOf(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  } finally {
    // The demo account goes back to the device setting whatever happened above.
    await page.request.put('/api/user/color-scheme', { data: { color_scheme: 'auto' } });
  }
  expect(pageErrors).toEqual([]);
});
