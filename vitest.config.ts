import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const apiTier = [
  'apps/server/src/**/*.api.test.ts',
  'apps/server/src/**/*.db.test.ts',
  'apps/server/test/**/*.test.ts',
];
// Migrates one template database per run; each API test file starts from a copy of it.
const apiGlobalSetup = 'apps/server/test/global-setup.ts';
// Each API file builds its own app on its own database and no test mocks a module, stubs a global or
// fakes the clock, so a worker keeps the server's modules loaded from one file to the next instead of
// importing the whole server again for each of them.
const apiTierOptions = {
  environment: 'node',
  globalSetup: [apiGlobalSetup],
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
} as const;

// Tiers (as immich has them): pure units; the API and database tier on PGlite and, when
// TEST_DATABASE_URL is set, again on PostgreSQL; the web components under happy-dom.
export default defineConfig({
  test: {
    // Vitest's default (cores - 1) runs ONE file at a time on a 2-core CI machine, leaving the second
    // core to a main process that is mostly idle once files are transformed, and to PostgreSQL on the
    // api-postgres tier. Every API file has its own database, so two at a time cannot see each other.
    // VITEST_MAX_WORKERS or --maxWorkers still win.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contracts/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: apiTier,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTier,
          // Several server processes on one database: PostgreSQL only (two-instances.test.ts).
          exclude: [...configDefaults.exclude, 'apps/server/test/postgres-only/**'],
          env: { TEST_DB_DRIVER: 'pglite' },
          ...apiTierOptions,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTier,
                env: { TEST_DB_DRIVER: 'postgres' },
                ...apiTierOptions,
              },
            },
          ]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
