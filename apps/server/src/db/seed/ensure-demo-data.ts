import type { AppConfig } from '../../config';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import { createPatientCrypto } from '../../modules/vault/vault-patient-fields';
import type { DatabaseHandle } from '../client';
import { type SeedLog, type SeedResult, seedDemoData } from './seed-demo-data';

// Start-up hook (SEED_DEMO_DATA=true): seeds the demo data set on first run, then never again.
export async function ensureDemoData(
  database: DatabaseHandle,
  config: AppConfig,
  cipher: FieldCipher,
  dataKey: Buffer,
  log: SeedLog,
): Promise<SeedResult> {
  const result = await seedDemoData(
    database,
    {
      transactions: config.seedTransactions,
      providerDomain: config.providerDomain,
      partnerDomains: config.partnerDomains,
      encrypt: (plaintext, column) => cipher.encrypt(plaintext, column),
      hashPatientNumber: createPatientCrypto(cipher, () => dataKey).hashPatientNumber,
      signFrameParams: (encoded) => signPaymentFrameParams({ dataKey: () => dataKey }, encoded),
    },
    log,
  );
  if (!result.seeded) log.info({}, 'demo data already present');
  return result;
}
