import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('sign-in settings', () => {
  it.each([
    ['http://localhost:3000', false],
    ['http://127.0.0.1:8080/', false],
    ['http://localhost', false],
    ['https://portal.example', true],
    ['http://portal.example', true],
    ['http://localhost.evil.example', true],
  ])('PUBLIC_URL %s -> Secure cookies %s', (url, isSecure) => {
    expect(loadConfig({ PUBLIC_URL: url }).secureCookies).toBe(isSecure);
  });

  it('drops a trailing slash of PUBLIC_URL so links are built cleanly', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example/' }).publicUrl).toBe('https://portal.example');
  });

  it('offers the dev mailbox only when asked for, without SMTP and outside production', () => {
    expect(loadConfig({}).devMailboxEnabled).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'true' }).devMailboxEnabled).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'true', SMTP_URL: 'smtp://mail.example:587' }).devMailboxEnabled).toBe(
      false,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true', SMTP_URL: 'smtp://m:25' }),
    ).toThrow(/DEV_MAILBOX/);
  });

  it('refuses to start in production without SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required in production/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).env).toBe(
      'production',
    );
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('derives a stable cookie secret from DATA_KEY, and prefers COOKIE_SECRET', () => {
    const dataKey = 'ab'.repeat(32);
    expect(loadConfig({ DATA_KEY: dataKey }).cookieSecret).toBe(
      loadConfig({ DATA_KEY: dataKey }).cookieSecret,
    );
    expect(loadConfig({ DATA_KEY: dataKey }).cookieSecret).not.toContain(dataKey);
    expect(loadConfig({ COOKIE_SECRET: 's'.repeat(40) }).cookieSecret).toBe('s'.repeat(40));
    expect(() => loadConfig({ COOKIE_SECRET: 'short' })).toThrow(/COOKIE_SECRET/);
  });

  it('limits sign-in calls to 10 a minute per IP by default', () => {
    expect(loadConfig({}).authRateLimitPerMinute).toBe(10);
  });
});
