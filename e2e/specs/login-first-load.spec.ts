import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// Design §6: the first load of /app/login stays under 150 kB of gzipped JavaScript.
const LOGIN_JS_BUDGET_BYTES = 150_000;

test('the first load of /app/login stays within its JavaScript budget', async ({ page }) => {
  const pendingSizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    pendingSizes.push(response.body().then((body) => gzipSync(body).length));
  });

  await page.goto('/app/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Send Login Link' })).toBeVisible();

  const sizes = await Promise.all(pendingSizes);
  const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({ type: 'login first-load JS (gzip bytes)', description: String(totalBytes) });

  expect(sizes.length).toBeGreaterThan(0);
  expect(totalBytes).toBeLessThan(LOGIN_JS_BUDGET_BYTES);
});
