import pino from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

// npm run db:migrate: applies drizzle/ to DATABASE_URL, or to the embedded PGlite in DATA_DIR.
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const started = performance.now();
    await runMigrations(database);
    log.info({ driver: database.driver, ms: Math.round(performance.now() - started) }, 'migrations applied');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error('Migration failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
