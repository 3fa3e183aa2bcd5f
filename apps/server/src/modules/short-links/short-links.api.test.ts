import { randomUUID } from 'node:crypto';
import {
  decodePaymentFrameParams,
  encodePaymentFrameParams,
  paymentFrameAddress,
} from '@portico/contracts/payment-frame/params';
import { ShortLinkErrorCode } from '@portico/contracts/payment-frame/short-links';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildClient } from '../../../test/factories';
import { clients } from '../../db/schema/clients';
import { virtualTerminalUrls } from '../../db/schema/terminals';
import { isPaymentFrameSignatureValid } from '../../lib/payment-frame-signature';

// /api/urls makes a short link that opens the signed payment page; /url/{url_id}
// also opens a saved terminal; /api/qr draws a 150 x 150 PNG on the server that scans back to the text.

let built: Awaited<ReturnType<typeof buildTestApp>>;
let merchant: { id: string; publicKey: string; apiKey: string };

beforeAll(async () => {
  built = await buildTestApp({ publicUrl: 'https://portal.example' }, { demoAccounts: true });
  merchant = await buildClient(built.app.db, { publicKey: randomUUID(), apiKey: randomUUID() });
});
afterAll(async () => {
  await built.close();
});

const frameUrl = () =>
  paymentFrameAddress(
    'https://portal.example',
    encodePaymentFrameParams({
      publishableKey: merchant.publicKey,
      amount: '9.99',
      paymentOptions: ['credit_card'],
    }),
  );

async function follow(shortLink: string) {
  const res = await built.app.inject({ method: 'GET', url: new URL(shortLink).pathname });
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), 'https://portal.example');
  return location;
}

describe('GET /api/urls and /url/{url_id}', () => {
  it('shortens a payment page for the merchant key and opens it signed', async () => {
    const res = await built.app.inject({
      method: 'GET',
      url: `/api/urls?url=${encodeURIComponent(frameUrl())}`,
      headers: { authorization: `Bearer ${merchant.apiKey}` },
    });
    expect(res.statusCode).toBe(200);
    const shortLink: string = res.json().message;
    expect(shortLink).toMatch(/^https:\/\/portal\.example\/url\/[A-Za-z0-9_-]{8}$/);
    const location = await follow(shortLink);
    expect(location.pathname).toBe('/app/responsive-iframe/payment');
    const params = location.searchParams.get('params') ?? '';
    expect(params).toBe(new URL(frameUrl()).searchParams.get('params'));
    expect(
      isPaymentFrameSignatureValid(built.app, params, location.searchParams.get('sig') ?? undefined),
    ).toBe(true);
  });

  it('refuses a publishable key, someone else and any other address', async () => {
    const url = `/api/urls?url=${encodeURIComponent(frameUrl())}`;
    const publishable = await built.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${merchant.publicKey}` },
    });
    expect(publishable.statusCode).toBe(403);
    const foreign = await built.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await sessionCookieFor(built.app.db, demo.copperOwner) },
    });
    expect(foreign.statusCode).toBe(403);
    const elsewhere = await built.app.inject({
      method: 'GET',
      url: `/api/urls?url=${encodeURIComponent('https://evil.example/pay')}`,
      headers: { authorization: `Bearer ${merchant.apiKey}` },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe(ShortLinkErrorCode.NotPaymentFrame);
  });

  it('opens a saved active terminal by its url_id, and nothing for an unknown or inactive one', async () => {
    const path = new URL(frameUrl());
    await built.app.db.insert(virtualTerminalUrls).values([
      { clientId: merchant.id, name: 'Counter', url: `${path.pathname}${path.search}`, urlId: 'counter01' },
      {
        clientId: merchant.id,
        name: 'Old',
        url: `${path.pathname}${path.search}`,
        urlId: 'old00001',
        isActive: false,
      },
    ]);
    const location = await follow('https://portal.example/url/counter01');
    expect(location.searchParams.get('sig')).toBeTruthy();
    for (const code of ['old00001', 'nothing1', '%3Cscript%3E']) {
      const res = await built.app.inject({ method: 'GET', url: `/url/${code}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This link does not exist or is no longer active.');
    }
  });

  it('opens every seeded active terminal by its url_id: the demo terminals are made like saved ones', async () => {
    const seeded = await built.app.db
      .select({
        urlId: virtualTerminalUrls.urlId,
        url: virtualTerminalUrls.url,
        isActive: virtualTerminalUrls.isActive,
        publicKey: clients.publicKey,
      })
      .from(virtualTerminalUrls)
      .innerJoin(clients, eq(clients.id, virtualTerminalUrls.clientId));
    const active = seeded.filter((terminal) => terminal.isActive);
    expect(active.length).toBeGreaterThan(10);
    for (const terminal of active) {
      const location = await follow(`https://portal.example/url/${terminal.urlId}`);
      expect(location.pathname).toBe('/app/responsive-iframe/payment');
      const params = location.searchParams.get('params') ?? '';
      expect(
        isPaymentFrameSignatureValid(built.app, params, location.searchParams.get('sig') ?? undefined),
      ).toBe(true);
      const decoded = decodePaymentFrameParams(params);
      expect(decoded.ok && decoded.params.publishableKey).toBe(terminal.publicKey);
      // Stored as the configurator's save stores it: a path of this portal, never another host.
      expect(terminal.url.startsWith('/app/responsive-iframe/payment?params=')).toBe(true);
    }
  });
});

describe('GET /api/qr', () => {
  it('draws a 150 x 150 PNG that scans back to the same address', async () => {
    const text = 'https://portal.example/url/abcDEF12';
    const res = await built.app.inject({
      method: 'GET',
      url: `/api/qr?text=${encodeURIComponent(text)}&width=150&height=150`,
    });
    expect(res.statusCode).toBe(200);
    const dataUrl: string = res.json().message[1].qr;
    const png = PNG.sync.read(Buffer.from(dataUrl.replace('data:image/png;base64,', ''), 'base64'));
    expect([png.width, png.height]).toEqual([150, 150]);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(text);
  });
});
