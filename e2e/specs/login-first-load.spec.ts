import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// The first load of /app/login stays under 150 kB of gzipped JavaScript.
const LOGIN_JS_BUDGET_BYTES = 150_000;

// Marks of libraries the login page must not load: zod (parsers are hand-written there) and
// react-hook-form (the form is plain state), and Mantine's modal stack (loaded with the first modal).
const LIBRARIES_KEPT_OFF_LOGIN = [
  ['zod', '$ZodType'],
  ['react-hook-form', 'formControl'],
  ['floating-ui', 'floating-ui'],
] as const;

test('the first load of /app/login stays within its JavaScript budget', async ({ page }) => {
  const pendingScripts: Promise<{ path: string; text: string; gzipBytes: number }>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.endsWith('.js')) return;
    pendingScripts.push(
      response
        .body()
        .then((body) => ({ path, text: body.toString('utf8'), gzipBytes: gzipSync(body).length })),
    );
  });

  await page.goto('/app/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Send Login Link' })).toBeVisible();

  const scripts = await Promise.all(pendingScripts);
  const totalBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  test.info().annotations.push({ type: 'login first-load JS (gzip bytes)', description: String(totalBytes) });

  expect(scripts.length).toBeGreaterThan(0);
  expect(totalBytes).toBeLessThan(LOGIN_JS_BUDGET_BYTES);
  for (const [library, mark] of LIBRARIES_KEPT_OFF_LOGIN) {
    const loadedWith = scripts.filter((script) => script.text.includes(mark)).map((script) => script.path);
    expect(loadedWith, `${library} is loaded by /app/login`).toEqual([]);
  }
});
