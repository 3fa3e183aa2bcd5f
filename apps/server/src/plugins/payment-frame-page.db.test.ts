import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';

// The payment frame is the only page any site may frame.
let built: Awaited<ReturnType<typeof buildTestApp>>;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-frame-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  fs.writeFileSync(path.join(dist, 'payment-frame.html'), '<!doctype html><title>Payment</title>');
  built = await buildTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await built.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('GET /responsive-iframe/payment', () => {
  it('serves the frame page with framing allowed to any site', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/app/responsive-iframe/payment?params=abc' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Payment</title>');
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('sends the bare public address to it with its query', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/responsive-iframe/payment?params=abc&sig=x' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/responsive-iframe/payment?params=abc&sig=x');
  });

  it('leaves every other page unframable', async () => {
    const portal = await built.app.inject({ method: 'GET', url: '/app/login' });
    expect(portal.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(portal.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
