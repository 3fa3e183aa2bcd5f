import type { FastifyPluginAsync } from 'fastify';
import { buildApp, loggerOptions } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { createFieldCipher, type FieldCipher, loadDataKey } from '../src/lib/crypto/field-cipher';
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

// The field cipher of a test app's data key (testConfig's DATA_DIR), for rows a test writes itself.
// Test files start in parallel: one that loses the race to create the key file reads the winner's.
let testCipher: FieldCipher | undefined;
export function testFieldCipher(): FieldCipher {
  const { dataKeyHex, dataDir } = testConfig();
  try {
    testCipher ??= createFieldCipher(loadDataKey({ dataKeyHex, dataDir }).key);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    testCipher = createFieldCipher(loadDataKey({ dataKeyHex, dataDir }).key);
  }
  return testCipher;
}

// Builds the real app on a fresh migrated database; tests talk to it with inject(). demoAccounts: the
// database holds the demo cast (seedDemoAccounts) from the start. logLines: every log line at trace
// level is pushed there, for tests that prove a secret never reaches the log.
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: {
    demoAccounts?: boolean;
    extraRoutes?: FastifyPluginAsync[];
    now?: () => Date;
    logLines?: string[];
  } = {},
) {
  const { logLines, demoAccounts, ...appOptions } = options;
  const database: DatabaseHandle = await openTestDatabase({ demoAccounts });
  const logger = logLines
    ? { ...loggerOptions('trace'), stream: { write: (line: string) => logLines.push(line) } }
    : false;
  const app = await buildApp({ config: testConfig(overrides), database, logger, ...appOptions });
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
