import { defineConfig } from '@playwright/test';

// globalSetup starts the real server and exports E2E_BASE_URL before the workers load this file;
// set E2E_BASE_URL yourself to run the specs against a server that is already up.
export default defineConfig({
  testDir: 'specs',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  reporter: 'list',
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's chromium: this workplace cannot download Playwright's browser builds.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
