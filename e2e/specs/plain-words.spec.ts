import { expect, test } from '@playwright/test';
import { demoAccounts } from '../../apps/server/src/db/seed/demo-accounts';
import { accessibilityRoles, waitForPageContent } from '../support/axe';
import { rawValuesOnPage } from '../support/plain-words';
import { expectedMenuEntries, mainMenu, signInAs } from '../support/sign-in';

// Every demo account opens every entry of its menu by a click: the page opens (no 'Not allowed',
// no dead end) and its visible text names things in words, never by a database id or a snake_case
// code. Ids stay available in details and hidden-by-default columns. The accounts the accessibility
// spec signs in as are read there, on the same visit as its axe check of each page.
const readByAccessibilitySpec = new Set<string>(accessibilityRoles.map((role) => role.email));
const accounts = demoAccounts({
  providerDomain: 'portico.example',
  partnerDomains: ['healnow.example', 'healnow-partners.example'],
}).filter((account) => !readByAccessibilitySpec.has(account.email));

for (const account of accounts) {
  test(`${account.email} reads words on every page of its menu`, async ({ page }) => {
    test.setTimeout(240_000);
    await signInAs(page, account.email);
    const entries = await expectedMenuEntries(page);
    expect(entries.length).toBeGreaterThan(0);
    const findings: string[] = [];
    for (const entry of entries) {
      await mainMenu(page).locator(`a[href="/app${entry.path}"]`).click();
      await waitForPageContent(page);
      await expect(page.getByRole('heading', { name: 'Not allowed' })).toHaveCount(0);
      const raw = await rawValuesOnPage(page);
      if (raw.length > 0)
        findings.push(`${entry.title} (${new URL(page.url()).pathname}): ${raw.join(', ')}`);
    }
    expect(findings.join('\n')).toBe('');
  });
}
