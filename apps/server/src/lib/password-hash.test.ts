import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password-hash';

describe('password hash', () => {
  it('stores scrypt with its parameters and a 16-byte salt and 64-byte key, and verifies', async () => {
    const stored = await hashPassword('correct horse battery');
    const [, scheme, params, salt, key] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect(params).toBe('ln=15,r=8,p=1');
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(64);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(stored).not.toContain('correct');
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password here')).not.toBe(await hashPassword('same password here'));
  });

  it('verifies a hash made with older parameters and asks for a rehash', async () => {
    const old = await hashPassword('an older password', { logN: 14, r: 8, p: 1 });
    expect(await verifyPassword('an older password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('a current password'))).toBe(false);
  });

  it('never matches an unreadable stored value', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', '$scrypt$ln=40,r=8,p=1$AAAA$AAAA')).toBe(false);
  });
});
