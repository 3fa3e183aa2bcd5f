import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// WCAG 2.2 AA, and every rule of the earlier levels it includes.
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const failingImpacts = new Set(['serious', 'critical']);

// Loading indicators of the portal: Mantine loaders and skeletons, busy regions, the navigation bar.
const loadingIndicators =
  '.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"], [aria-label="Loading page"]';

// The page has rendered (past the first loader) and nothing on it is loading any more.
export async function waitForPageContent(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator(loadingIndicators)).toHaveCount(0, { timeout: 20_000 });
}

// The serious and critical violations on the page as it is, one readable block each (rule, help
// link, and the elements with axe's reason); empty when there are none.
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Passes and incomplete results keep one node each: serialising all of them slows grid pages.
  const results = await new AxeBuilder({ page })
    .withTags(wcagTags)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => failingImpacts.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const reason = node.failureSummary?.replace(/\s+/g, ' ') ?? '';
        return `    ${node.target.join(' ')}\n      ${node.html.slice(0, 160)}\n      ${reason}`;
      });
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
    });
}
