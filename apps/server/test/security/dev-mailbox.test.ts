import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { buildTestApp } from '../build-test-app';

// The development mailbox shows live login links. It must not exist in production, must
// be asked for, and must not believe a loopback socket that a reverse proxy on the same host opened.

describe('configuration', () => {
  it('never offers the mailbox unless DEV_MAILBOX=true, and never in production', () => {
    expect(loadConfig({}).devMailboxEnabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_MAILBOX: 'true' }).devMailboxEnabled).toBe(true);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true', SMTP_URL: 'smtp://mail.example:25' }),
    ).toThrow(/DEV_MAILBOX is for development only/);
  });

  it('refuses to start in production without SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required in production/);
  });

  it('listens on loopback by default', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
  });
});

describe('GET /api/dev/mailbox', () => {
  let withMailbox: Awaited<ReturnType<typeof buildTestApp>>;
  let withoutSetting: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    withMailbox = await buildTestApp({ devMailboxEnabled: true });
    withoutSetting = await buildTestApp({ devMailboxEnabled: loadConfig({}).devMailboxEnabled });
  });
  afterAll(async () => {
    await withMailbox.close();
    await withoutSetting.close();
  });

  it('does not exist without the explicit setting', async () => {
    const res = await withoutSetting.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(withoutSetting.app.routeCatalog.some((route) => route.url === '/api/dev/mailbox')).toBe(false);
  });

  it('answers a caller on this machine', async () => {
    const res = await withMailbox.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['x-forwarded-for', '203.0.113.7'],
    ['forwarded', 'for=203.0.113.7'],
    ['x-real-ip', '203.0.113.7'],
    ['x-forwarded-host', 'portal.example'],
  ])('treats a loopback socket carrying %s as a proxied stranger', async (header, value) => {
    const res = await withMailbox.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { [header]: value },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('oobCode');
  });
});
