import type { FastifyPluginAsync } from 'fastify';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { openTestDatabase } from './test-database';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent-portico-test',
      LOG_LEVEL: 'silent',
      DEV_MAILBOX: 'true',
    }),
    webDistDir: undefined,
    rateLimitPerMinute: 100_000,
    authRateLimitPerMinute: 100_000,
    ...overrides,
  };
}

// Builds the real app on a fresh migrated database; tests talk to it with inject().
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: { extraRoutes?: FastifyPluginAsync[]; now?: () => Date } = {},
) {
  const database: DatabaseHandle = await openTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
