import { describe, expect, it } from 'vitest';
import { errorForLog } from './error-log';
import { redactUrl, requestUrlForLog } from './log-redaction';

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

describe('logged addresses', () => {
  it('keep only the values of harmless query keys', () => {
    const out = redactUrl('/api/payee/all?patient_number=PN1234&first_name=Jane&page=3&limit=50');
    expect(out).toBe(
      '/api/payee/all?patient_number=%5Bredacted%5D&first_name=%5Bredacted%5D&page=3&limit=50',
    );
  });

  it('replace every path segment that is not a plain word', () => {
    expect(redactUrl('https://portal.example/app/createlink/pk_live_abc?x=1')).toBe(
      'https://portal.example/app/createlink/:redacted?x=%5Bredacted%5D',
    );
    expect(redactUrl('/api/unsubscribe/Zq81aB')).toBe('/api/unsubscribe/:redacted');
  });

  it("name a matched request by its route's pattern", () => {
    const request = {
      url: '/api/unsubscribe/Zq81aB?page=2',
      routeOptions: { url: '/api/unsubscribe/:cancelId' },
    };
    expect(requestUrlForLog(request)).toBe('/api/unsubscribe/:cancelId?page=2');
    expect(requestUrlForLog({ url: '/api/nothing/Zq81aB', routeOptions: {} })).toBe('/api/nothing/:redacted');
  });

  it('are redacted inside error messages too', () => {
    const logged = errorForLog(
      new Error('Reply was already sent in "/api/unsubscribe/Zq81aB?email=a%40b.com"'),
    );
    expect(logged.message).not.toContain('Zq81aB');
    expect(logged.message).not.toContain('a%40b.com');
    expect(logged.stack).not.toContain('Zq81aB');
  });
});
