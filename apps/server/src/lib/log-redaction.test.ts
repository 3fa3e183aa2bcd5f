import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('keeps urls without a query', () => {
    expect(redactUrl('/api/user')).toBe('/api/user');
  });

  it('hides sign-in codes and tokens but keeps harmless parameters', () => {
    const out = redactUrl('/app/verify-email?oobCode=abc123&mode=signIn&page=2');
    expect(out).not.toContain('abc123');
    expect(out).toContain('mode=signIn');
    expect(out).toContain('page=2');
  });

  it('hides e-mail addresses and account numbers', () => {
    const out = redactUrl('/api/payee/all?email=a%40b.com&account_number=123456789');
    expect(out).not.toContain('a%40b.com');
    expect(out).not.toContain('123456789');
  });
});
