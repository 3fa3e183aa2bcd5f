import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// WCAG 2.2 AA, and every rule of the earlier levels it includes.
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const failingImpacts = new Set(['serious', 'critical']);

// Loading indicators of the portal: Mantine loaders and skeletons, busy regions, the navigation bar.
const loadingIndicators =
  '.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"], [aria-label="Loading page"]';

// The roles whose every page the accessibility spec opens (and reads for plain words on the pages of
// their menu), with the enrollment each opens where a page needs one.
export const accessibilityRoles = [
  { who: 'admin staff', email: 'admin@portico.example', enrollmentName: 'Sierra Vista Cycles' },
  { who: 'a parent reseller', email: 'reseller@summitms.example', enrollmentName: 'Fern & Fig Kitchen' },
  { who: 'a merchant owner', email: 'owner@harborlanecoffee.example', enrollmentName: undefined },
  { who: 'a processor-audit user', email: 'audit@portico.example', enrollmentName: 'Sierra Vista Cycles' },
] as const;

// The page has rendered (past the first loader) and nothing on it is loading any more.
export async function waitForPageContent(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator(loadingIndicators)).toHaveCount(0, { timeout: 20_000 });
}

// The serious and critical violations of the page in both looks, one readable block each (rule, help
// link, and the elements with axe's reason); empty when there are none. The page as it is (light),
// then with the device set to dark, which the portal follows at once for a user on the device's
// setting (every demo account's); each dark finding is marked, and the page is left light. A page
// outside the portal's theme (the hosted payment frame, which follows its host's parameter) is
// checked as it is.
// inDark false: the page as shown only (a page already checked in dark on another visit).
export async function seriousAxeViolations(page: Page, { inDark = true } = {}): Promise<string[]> {
  const light = await seriousAxeViolationsAsShown(page);
  if (!inDark || (await page.locator('html[data-mantine-color-scheme]').count()) === 0) return light;
  await inColorScheme(page, 'dark');
  const dark = await colourViolationsOfTopDocument(page);
  await inColorScheme(page, 'light');
  return [...light, ...dark.map((problem) => `  (dark)${problem}`)];
}

export async function inColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  // The colours that change by a CSS transition (a segmented control's labels) have reached the new
  // look, and two frames later it is painted, before anything reads them: axe reading a colour
  // mid-transition sees a value of neither look.
  await page.evaluate(async () => {
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
    await new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  });
}

// The looks differ in colours only: the dark pass runs the rules that read colours.
const colourRules = ['color-contrast', 'link-in-text-block'];

type Violation = {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
};

async function seriousAxeViolationsAsShown(page: Page): Promise<string[]> {
  // axe.run in the page, its same-origin frames included (legacy mode), rather than a partial run per
  // frame finished in a new blank page: that page, axe injected into it again and every node's partial
  // result sent across took most of each check's time. The portal's frames are its own (the payment
  // frame is also checked where it is opened alone).
  // Passes and incomplete results keep one node each: serialising all of them slows grid pages.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(wcagTags)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return describeSerious(results.violations);
}

// The colour rules on the page's own document, with the axe the pass as shown put in the page: a
// second AxeBuilder run would inject axe into every frame again, which costs a page as much as the
// whole first pass. A framed page (the payment frame) follows its host's parameter, and its looks are
// checked where it is opened on its own.
async function colourViolationsOfTopDocument(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async (rules) => {
    const axe = (
      window as unknown as { axe?: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } }
    ).axe;
    if (!axe) throw new Error('axe is not in the page: the pass as shown runs first');
    const results = await axe.run(document, {
      runOnly: { type: 'rule', values: rules },
      resultTypes: ['violations'],
      iframes: false,
    });
    return results.violations.map((violation) => ({
      ...violation,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String),
        html: node.html,
        failureSummary: node.failureSummary,
      })),
    }));
  }, colourRules);
  return describeSerious(violations);
}

function describeSerious(violations: readonly Violation[]): string[] {
  return violations
    .filter((violation) => failingImpacts.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const reason = node.failureSummary?.replace(/\s+/g, ' ') ?? '';
        return `    ${node.target.join(' ')}\n      ${node.html.slice(0, 160)}\n      ${reason}`;
      });
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
    });
}
