import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// AES-256-GCM for sensitive columns (SSN, tax id, bank numbers, dates of birth, processor secrets).
// Stored form: v1.<iv>.<tag>.<ciphertext>, base64url. The column name is bound as associated data,
// so a value copied into another column fails to decrypt.
const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

export type FieldCipher = {
  encrypt(plaintext: string, column: string): string;
  decrypt(stored: string, column: string): string;
};

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== KEY_BYTES) throw new Error('The data key must be 32 bytes');
  return {
    encrypt(plaintext, column) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(column, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored, column) {
      const [version, iv, tag, ciphertext] = stored.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new Error('Not an encrypted field value');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(column, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

// DATA_KEY wins; otherwise the embedded default keeps a generated key file beside its database.
export function loadDataKey(opts: { dataKeyHex: string | undefined; dataDir: string }): {
  key: Buffer;
  source: 'env' | 'file' | 'generated';
} {
  if (opts.dataKeyHex) return { key: Buffer.from(opts.dataKeyHex, 'hex'), source: 'env' };
  const file = path.join(opts.dataDir, 'data.key');
  if (fs.existsSync(file)) {
    const hex = fs.readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file} does not hold a 256-bit hex key`);
    return { key: Buffer.from(hex, 'hex'), source: 'file' };
  }
  const key = randomBytes(KEY_BYTES);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return { key, source: 'generated' };
}
