import { expect, type Locator, type Page, test } from '@playwright/test';
import { TerminalText } from '@portico/contracts/terminals/terminals';
import { seriousAxeViolations, waitForPageContent } from '../support/axe';
import { testCard } from '../support/payment-frame';
import { signInAs } from '../support/sign-in';

// A merchant links a terminal to a location, moves it to another
// and deletes it; orders a Pax device in the sandbox. Harbor Lane's terminals setting is pax.

const owner = 'owner@harborlanecoffee.example';

function grid(page: Page): Locator {
  return page.getByRole('grid', { name: TerminalText.GridTitle });
}

function rowOfLane(page: Page, lane: string): Locator {
  return grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Delete terminal on lane ${lane}` }) });
}

async function choose(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.getByRole('option', { name: option, exact: true }).click();
}

test('a merchant links a terminal to a location, moves it to another and deletes it', async ({ page }) => {
  test.setTimeout(120_000);
  // A lane no seeded terminal uses; a TPN the sandbox links (not ending in 8 or 9).
  const lane = `E2E${Date.now() % 1_000_000}`;
  await signInAs(page, owner);
  await page.goto('/app/terminals');
  await expect(page.getByRole('heading', { name: TerminalText.GridTitle })).toBeVisible();

  await page.getByRole('button', { name: TerminalText.AddTitle }).click();
  const add = page.getByRole('dialog', { name: TerminalText.AddTitle });
  await add.getByRole('button', { name: 'Add Terminal' }).click();
  await expect(add.getByText(TerminalText.RequiredFields)).toBeVisible();
  await add.getByLabel('TPN').fill('301900000001');
  await add.getByLabel('Register ID').fill('R-E2E');
  await add.getByLabel('Auth Key').fill('e2e-auth-key-7Hq2');
  await add.getByLabel('Lane ID').fill(lane);
  await add.getByLabel('Serial Number').fill('A920-E2E');
  await choose(add, 'Device Type', 'PAX');
  await choose(add, 'Location', 'Pearl District');
  await add.getByRole('button', { name: 'Add Terminal' }).click();
  await expect(page.getByText(TerminalText.Added)).toBeVisible();

  const row = rowOfLane(page, lane);
  await expect(row).toContainText('Pearl District');
  await expect(row).toContainText('••••7Hq2');
  await expect(grid(page)).not.toContainText('e2e-auth-key-7Hq2');

  await row.getByRole('button', { name: `Assign location of lane ${lane}` }).click();
  const assign = page.getByRole('dialog', { name: TerminalText.AssignTitle });
  await choose(assign, 'Location', 'Alberta Arts');
  await assign.getByRole('button', { name: 'Save Location' }).click();
  await expect(assign).toBeHidden();
  await expect(rowOfLane(page, lane)).toContainText('Alberta Arts');

  await rowOfLane(page, lane)
    .getByRole('button', { name: `Delete terminal on lane ${lane}` })
    .click();
  const confirm = page.getByRole('dialog', { name: TerminalText.DeleteTitle });
  await confirm.getByRole('button', { name: 'Delete Terminal' }).click();
  await expect(page.getByText(TerminalText.Deleted)).toBeVisible();
  await expect(rowOfLane(page, lane)).toHaveCount(0);
});

test('a pax merchant orders a Pax device in the sandbox, at a phone width', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, owner);
  await page.goto('/app/terminals');
  await page.getByRole('button', { name: TerminalText.OrderTitle }).click();
  const form = page.getByRole('dialog', { name: TerminalText.OrderTitle });
  const fields: [string, string][] = [
    ['Ship To', 'Harbor Lane Coffee Roasters'],
    ['Contact', 'Sam Rivera'],
    ['Address', '1200 NW Marshall St'],
    ['City', 'Portland'],
    ['State', 'OR'],
    ['Zip', '97209'],
    ['Phone', '503-555-0100'],
    ['Cardholder Name', 'Sam Rivera'],
    ['Card Number', testCard],
    ['Exp Month (MM)', '1'],
    ['Exp Year (YY)', '30'],
    ['CVV', '123'],
    ['Billing Zip', '97209'],
  ];
  for (const [label, value] of fields)
    await form.getByRole('textbox', { name: label, exact: true }).fill(value);
  await form.getByRole('textbox', { name: 'Quantity', exact: true }).fill('2');
  await expect(form.getByText('Total: $520.00')).toBeVisible();

  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(form.getByText(TerminalText.PaxRequiredFields)).toBeVisible();
  await form.getByRole('textbox', { name: 'Exp Month (MM)', exact: true }).fill('12');
  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(form.getByText(TerminalText.PaxOrdered)).toBeVisible();
  // The form fits the phone's width: nothing to scroll sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

// The accessibility walk sees the page; the forms open only in modals, so they are checked here.
test('the terminal forms have no serious or critical axe violation', async ({ page }) => {
  // axe over a page with a grid is slow, as in the accessibility walk.
  test.setTimeout(120_000);
  await signInAs(page, owner);
  await page.goto('/app/terminals');
  await waitForPageContent(page);
  for (const title of [TerminalText.AddTitle, TerminalText.OrderTitle]) {
    await page.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    expect((await seriousAxeViolations(page)).join('\n\n'), title).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});
