import type { Page } from '@playwright/test';

// Raw values people should never have to read: database ids and snake_case codes. E-mail
// addresses, web addresses and API keys (pk_test_…, sk_live_…) are what people copy and are left out,
// and so is what a page shows as code (a key in a <code> element is there to be copied).
const uuidPattern = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const snakeCasePattern = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;
const copiedValues = [/\S+@\S+\.\S+/g, /\bhttps?:\/\/\S+/g, /\b[ps]k_(?:test|live)_\w+/g];

export function rawValuesIn(text: string, shownAsCode: readonly string[] = []): string[] {
  const withoutCode = shownAsCode.reduce((rest, code) => rest.split(code).join(' '), text);
  const readable = copiedValues.reduce((rest, pattern) => rest.replace(pattern, ' '), withoutCode);
  return [...new Set([...(readable.match(uuidPattern) ?? []), ...(readable.match(snakeCasePattern) ?? [])])];
}

// The raw values in the text the page shows now (hidden elements and form values left out).
export async function rawValuesOnPage(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const shownAsCode = await page.locator('code, kbd').allInnerTexts();
  return rawValuesIn(
    text,
    shownAsCode.filter((code) => code.trim() !== ''),
  );
}
