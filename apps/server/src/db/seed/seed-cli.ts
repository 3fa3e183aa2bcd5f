import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../../config';
import { createFieldCipher, loadDataKey } from '../../lib/crypto/field-cipher';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import { createPatientCrypto } from '../../modules/vault/vault-patient-fields';
import { openDatabase } from '../client';
import { runMigrations } from '../migrate';
import { seedDemoData } from './seed-demo-data';

// npm run db:seed -- [--transactions 1000000] [--anchor 2025-06-30]
// Migrates, then seeds the demo data set unless it is already there.
function parseOptions(defaultTransactions: number): { transactions: number; anchorDate: Date | undefined } {
  const { values } = parseArgs({
    options: { transactions: { type: 'string' }, anchor: { type: 'string' } },
    strict: true,
  });
  const transactions = values.transactions === undefined ? defaultTransactions : Number(values.transactions);
  if (!Number.isInteger(transactions) || transactions < 0) {
    throw new Error('--transactions takes a whole number, 0 or more');
  }
  if (values.anchor !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.anchor)) {
    throw new Error('--anchor takes a day as YYYY-MM-DD');
  }
  const anchorDate = values.anchor ? new Date(`${values.anchor}T00:00:00.000Z`) : undefined;
  return { transactions, anchorDate };
}

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const options = parseOptions(config.seedTransactions);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    await runMigrations(database);
    const dataKey = loadDataKey({ dataKeyHex: config.dataKeyHex, dataDir: config.dataDir });
    const cipher = createFieldCipher(dataKey.key);
    const result = await seedDemoData(
      database,
      {
        ...options,
        providerDomain: config.providerDomain,
        partnerDomains: config.partnerDomains,
        encrypt: (plaintext, column) => cipher.encrypt(plaintext, column),
        hashPatientNumber: createPatientCrypto(cipher, () => dataKey.key).hashPatientNumber,
        signFrameParams: (encoded) => signPaymentFrameParams({ dataKey: () => dataKey.key }, encoded),
      },
      log,
    );
    if (!result.seeded) log.info('demo data already present: nothing to do');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  // A failed query's message is its SQL; the database's own words are in its cause.
  const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : '';
  console.error('Seeding failed:', err instanceof Error ? err.message : err, cause);
  process.exit(1);
});
