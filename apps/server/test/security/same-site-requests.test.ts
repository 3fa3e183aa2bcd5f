import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/db/schema/documents';
import { allowedOriginsOf, isForgeryFree } from '../../src/lib/same-origin';
import { sessionCookieNameOf } from '../../src/plugins/session';
import { defaultClientOf, sessionCookieFor } from '../auth-helpers';
import { buildTestApp } from '../build-test-app';
import { demo } from '../demo-data';
import { samples } from '../sample-files';

// A page on a sibling subdomain or another local port is the same *site*, so SameSite=Lax
// sends it the victim's cookie. Unsafe requests must come from the portal's own origin.

const publicUrl = 'https://portal.example';
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let cookie: string;
let harborLane: string;

beforeAll(async () => {
  ctx = await buildTestApp({ publicUrl, secureCookies: true }, { demoAccounts: true });
  // This app serves https: the session cookie is __Host- prefixed.
  cookie = await sessionCookieFor(ctx.app.db, demo.owner, sessionCookieNameOf(true));
  harborLane = await defaultClientOf(ctx.app.db, demo.owner);
});
afterAll(async () => {
  await ctx.close();
});

async function storedDocuments() {
  const [row] = await ctx.app.db.select({ n: count() }).from(documents);
  return row?.n ?? 0;
}

// The attack: a multipart upload into the victim's merchant, as a browser's FormData sends it.
async function uploadWith(headers: Record<string, string>) {
  const form = new FormData();
  form.set('clientid', harborLane);
  form.set('_tag_', 'Voided Check');
  form.set('note', 'planted');
  form.set('file', new Blob([samples.pdf]), 'planted.pdf');
  const encoded = new Response(form);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/documents/by-client/${harborLane}`,
    headers: { cookie, 'content-type': encoded.headers.get('content-type') ?? '', ...headers },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

describe('unsafe requests from another origin of the same site', () => {
  it.each([
    ['a sibling subdomain', { origin: 'https://files.portal.example' }],
    ['another port', { origin: 'https://portal.example:8443' }],
    ['plain http', { origin: 'http://portal.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['no Origin but Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['no Origin but Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('are refused from %s and change nothing', async (_name, headers) => {
    const before = await storedDocuments();
    const res = await uploadWith(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('This request did not come from the portal');
    expect(await storedDocuments()).toBe(before);
  });

  it('are served from the portal itself', async () => {
    const before = await storedDocuments();
    const res = await uploadWith({ origin: publicUrl, 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedDocuments()).toBe(before + 1);
  });

  it('leave reads alone', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the session cookie over https', () => {
  it('is __Host- prefixed, Secure, Path=/ and without Domain', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie, origin: publicUrl },
    });
    const setCookie = [res.headers['set-cookie'] ?? []].flat().join('\n');
    expect(setCookie).toMatch(/^__Host-portico_session=/m);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
  });

  it('is not read under its plain name', async () => {
    const plain = cookie.replace(/^__Host-/, '');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: plain } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the origin rule', () => {
  it('treats the loopback names of one port as the same portal', () => {
    const allowed = allowedOriginsOf('http://localhost:3000');
    expect(
      isForgeryFree({ method: 'POST', origin: 'http://127.0.0.1:3000', secFetchSite: undefined }, allowed),
    ).toBe(true);
    expect(
      isForgeryFree({ method: 'POST', origin: 'http://127.0.0.1:3001', secFetchSite: undefined }, allowed),
    ).toBe(false);
  });

  it('lets callers that are not browsers through (no Origin, no Sec-Fetch-Site, no victim cookie)', () => {
    expect(isForgeryFree({ method: 'POST', origin: undefined, secFetchSite: undefined }, [publicUrl])).toBe(
      true,
    );
  });
});
