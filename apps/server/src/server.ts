import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations, withStartupLock } from './db/migrate';
import { bannerAccountOf, demoAccounts } from './db/seed/demo-accounts';
import { ensureDemoData } from './db/seed/ensure-demo-data';
import { createFieldCipher, loadDataKey } from './lib/crypto/field-cipher';
import { defaultWebDistDir } from './lib/paths';
import { sealLegacySecretApiKeys } from './lib/secret-api-key';
import { printStartupBanner } from './startup-banner';

// The server entry is the one production place that runs the demo seed: on first start when
// SEED_DEMO_DATA is on, and its sign-in accounts are what the start-up banner lists.
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const webDistDir = config.webDistDir ?? defaultWebDistDir();

  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  log.info({ driver: database.driver }, 'database opened');
  await withStartupLock(database, () => runMigrations(database));
  log.info('migrations applied');

  const dataKey = loadDataKey({ dataKeyHex: config.dataKeyHex, dataDir: config.dataDir });
  if (dataKey.source === 'generated') log.warn({ dataDir: config.dataDir }, 'generated a new data key file');
  if (config.databaseUrl && dataKey.source !== 'env') {
    log.warn('DATABASE_URL is set but DATA_KEY is not: encrypted columns depend on a key file in DATA_DIR');
  }
  const cipher = createFieldCipher(dataKey.key);
  const sealedKeys = await withStartupLock(database, () => sealLegacySecretApiKeys(database.db, cipher));
  if (sealedKeys > 0) log.info({ sealedKeys }, 'sealed plaintext secret API keys');

  if (config.seedDemoData)
    await withStartupLock(database, () => ensureDemoData(database, config, cipher, dataKey.key, log));

  // The reports' read-only source (a streaming replica), when it is not the main database.
  const reportingDatabase = config.reportingDatabaseUrl
    ? await openDatabase({ databaseUrl: config.reportingDatabaseUrl })
    : undefined;
  const app = await buildApp({
    config: { ...config, webDistDir },
    database,
    dataKey: dataKey.key,
    ...(reportingDatabase ? { reportingDatabase } : {}),
  });
  closeWithGrace({ delay: 10_000, logger: log }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
    await reportingDatabase?.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  if (config.jobsEnabled) app.jobs.start(config.jobTickSeconds);
  printStartupBanner(
    config,
    config.seedDemoData
      ? demoAccounts({ providerDomain: config.providerDomain, partnerDomains: config.partnerDomains }).map(
          bannerAccountOf,
        )
      : [],
  );
}

main().catch((err: unknown) => {
  // Start-up failures go to stderr plainly; the process must not linger half-started.
  console.error('Portico failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
