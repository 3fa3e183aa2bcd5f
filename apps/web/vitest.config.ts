import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The web tier's project; the root vitest.config.ts lists this file under test.projects.
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The router tests render whole pages with lazy chunks; with the PGlite tiers running beside them on
    // two cores one of them has missed its deadline now and then. A retry keeps CI honest about real
    // failures (a failing test still fails twice) until the root cause is found (see the session note).
    retry: 1,
    testTimeout: 20_000,
  },
});
