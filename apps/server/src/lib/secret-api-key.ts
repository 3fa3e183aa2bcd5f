import { createHash, randomBytes } from 'node:crypto';
import { eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { clients } from '../db/schema/clients';
import { type EncryptedColumn, encryptedColumn } from '../db/schema/encrypted-columns';
import type { FieldCipher } from './crypto/field-cipher';
import { lastFourAsIssued } from './masking';

// A merchant's secret API key is a credential of the merchant (never of a user): sealed at rest,
// found by its SHA-256, masked from its last four. A rolled key keeps working until the grace
// period the roll chose ends; after that it is refused like an unknown key.

export function newSecretApiKey(): string {
  return `sk_live_${randomBytes(32).toString('base64url')}`;
}

// The lookup hash: the key is 256 random bits, so a plain SHA-256 cannot be reversed or guessed.
export function secretApiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

type Encrypt = (plaintext: string, column: EncryptedColumn) => string;

// The columns that store a secret key.
export function sealedSecretApiKey(encrypt: Encrypt, key: string) {
  return {
    apiKeyEnc: encrypt(key, encryptedColumn.clientApiKey),
    apiKeyHash: secretApiKeyHash(key),
    apiKeyLast4: lastFourAsIssued(key),
  };
}

export function openSecretApiKey(cipher: FieldCipher, sealed: string): string {
  return cipher.decrypt(sealed, encryptedColumn.clientApiKey);
}

// The clients row whose secret key this is: the current key, or the previous one within its grace
// period (the database clock decides, as it wrote the expiry).
export function secretApiKeyMatches(key: string): SQL {
  const hash = secretApiKeyHash(key);
  // coalesce: a row without a previous key answers false, never null.
  return sql`coalesce(${clients.apiKeyHash} = ${hash} or (${clients.previousApiKeyHash} = ${hash}
    and ${clients.previousApiKeyExpiresAt} > now()), false)`;
}

export async function findClientIdBySecretApiKey(executor: Executor, key: string): Promise<string | null> {
  const [row] = await executor.select({ id: clients.id }).from(clients).where(secretApiKeyMatches(key));
  return row?.id ?? null;
}

// A database migrated from plaintext keys: seal each one and empty the plaintext column. Idempotent;
// run at start-up before the server answers.
export async function sealLegacySecretApiKeys(executor: Executor, cipher: FieldCipher): Promise<number> {
  const rows = await executor
    .select({ id: clients.id, key: clients.legacyApiKey })
    .from(clients)
    .where(isNotNull(clients.legacyApiKey));
  for (const row of rows) {
    if (row.key === null) continue;
    await executor
      .update(clients)
      .set({ ...sealedSecretApiKey(cipher.encrypt, row.key), legacyApiKey: null })
      .where(eq(clients.id, row.id));
  }
  return rows.length;
}
