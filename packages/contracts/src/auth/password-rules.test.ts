import { describe, expect, it } from 'vitest';
import {
  commonPasswordCandidates,
  emailNameOf,
  PasswordText,
  PasswordWeakness,
  passwordWeakness,
} from './password-rules';

const common = new Set(['password', 'qwertyuiop', 'letmein', '1q2w3e4r5t6y']);
const isCommon = (candidate: string) => common.has(candidate);
const weakness = (password: string, email = 'dana.reyes@harbor.example') =>
  passwordWeakness(password, { email, isCommon });

describe('passwordWeakness', () => {
  it('accepts 12 characters and refuses 11', () => {
    expect(weakness('tulip-orbit7')).toBeNull();
    expect(weakness('tulip-orbit')).toBe(PasswordWeakness.TooShort);
    expect(weakness('')).toBe(PasswordWeakness.TooShort);
  });

  it('counts characters, not UTF-16 units', () => {
    // 11 emoji are 22 UTF-16 units but 11 characters.
    expect(weakness('🦊'.repeat(11))).toBe(PasswordWeakness.TooShort);
    expect(weakness('🦊'.repeat(12))).toBeNull();
  });

  it('accepts 128 characters and refuses 129', () => {
    expect(weakness(`${'a1-'.repeat(42)}bb`)).toBeNull();
    expect(weakness('a1-'.repeat(43))).toBe(PasswordWeakness.TooLong);
  });

  it('refuses a common password, in any case and with digits or symbols added at the end', () => {
    expect(weakness('QwertyUiop')).toBe(PasswordWeakness.TooShort);
    expect(weakness('1q2w3e4r5t6y')).toBe(PasswordWeakness.Common);
    expect(weakness('PASSWORD2024!')).toBe(PasswordWeakness.Common);
    expect(weakness('qwertyuiop12')).toBe(PasswordWeakness.Common);
    // A common word inside a longer phrase is fine.
    expect(weakness('my password is long')).toBeNull();
  });

  it('refuses a password containing the name of the e-mail address, case-insensitively', () => {
    expect(weakness('xxDana.Reyes2026')).toBe(PasswordWeakness.ContainsEmailName);
    expect(weakness('dana.reyes-harbor')).toBe(PasswordWeakness.ContainsEmailName);
    // Only the part before the @ counts.
    expect(weakness('harbor.example-77')).toBeNull();
  });

  it('ignores an e-mail name shorter than 3 characters', () => {
    expect(weakness('jo-likes-tea-42', 'jo@example.com')).toBeNull();
    expect(weakness('ann-likes-tea-42', 'ann@example.com')).toBe(PasswordWeakness.ContainsEmailName);
  });

  it('leaves the common check out when no list is given (the browser)', () => {
    expect(passwordWeakness('1q2w3e4r5t6y', { email: 'x@y.example' })).toBeNull();
  });
});

describe('helpers', () => {
  it('emailNameOf takes the part before the last @, lowercased', () => {
    expect(emailNameOf(' Dana@Harbor.example')).toBe('dana');
    expect(emailNameOf('no-at-sign')).toBe('no-at-sign');
  });

  it('commonPasswordCandidates strips a trailing run of digits and symbols', () => {
    expect(commonPasswordCandidates('Sunshine99!!')).toEqual(['sunshine99!!', 'sunshine']);
    expect(commonPasswordCandidates('sunshine')).toEqual(['sunshine']);
    expect(commonPasswordCandidates('123456789012')).toEqual(['123456789012']);
  });

  it('keeps the product texts', () => {
    expect(PasswordText.WeakPassword).toBe('Password is too weak');
    expect(PasswordText.CredentialsNotValid).toBe('Credentials are not valid');
    expect(PasswordText.VerifyEmail).toBe('Please verify your email.');
  });
});
