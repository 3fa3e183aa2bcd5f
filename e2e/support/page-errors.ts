import type { Page } from '@playwright/test';

// Uncaught errors in the page fail a spec even when the screen looks right.
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
