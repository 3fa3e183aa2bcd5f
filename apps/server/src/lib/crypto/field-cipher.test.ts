import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, loadDataKey } from './field-cipher';

const cipher = createFieldCipher(randomBytes(32));

describe('field cipher', () => {
  it('round-trips a value', () => {
    const stored = cipher.encrypt('123-45-6789', 'ssn');
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('6789');
    expect(cipher.decrypt(stored, 'ssn')).toBe('123-45-6789');
  });

  it('gives a different ciphertext each time for the same value', () => {
    expect(cipher.encrypt('021000021', 'routing_number')).not.toBe(
      cipher.encrypt('021000021', 'routing_number'),
    );
  });

  it('refuses a value moved to another column', () => {
    const stored = cipher.encrypt('123-45-6789', 'ssn');
    expect(() => cipher.decrypt(stored, 'tax_id')).toThrow();
  });

  it('refuses a tampered value', () => {
    const stored = cipher.encrypt('123-45-6789', 'ssn');
    const parts = stored.split('.');
    const ct = Buffer.from(parts[3] ?? '', 'base64url');
    ct[0] = (ct[0] ?? 0) ^ 1;
    parts[3] = ct.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'ssn')).toThrow();
  });

  it('refuses another key', () => {
    const stored = cipher.encrypt('secret', 'b_id');
    expect(() => createFieldCipher(randomBytes(32)).decrypt(stored, 'b_id')).toThrow();
  });
});

describe('loadDataKey', () => {
  it('generates a key file once, private to the owner, and reuses it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-key-'));
    const first = loadDataKey({ dataKeyHex: undefined, dataDir });
    const second = loadDataKey({ dataKeyHex: undefined, dataDir });
    expect(first.source).toBe('generated');
    expect(second.source).toBe('file');
    expect(second.key.equals(first.key)).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'data.key')).mode & 0o077).toBe(0);
  });

  it('prefers DATA_KEY', () => {
    const hex = randomBytes(32).toString('hex');
    const loaded = loadDataKey({ dataKeyHex: hex, dataDir: os.tmpdir() });
    expect(loaded.source).toBe('env');
    expect(loaded.key.toString('hex')).toBe(hex);
  });
});
