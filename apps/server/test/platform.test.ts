import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app';
import { fixtureRoutes } from './fixture-routes';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const id = '6f1c2a52-4f3e-4c1b-9a7e-3d2f1b0c9e8d';

beforeAll(async () => {
  ctx = await buildTestApp({}, { extraRoutes: [fixtureRoutes] });
});
afterAll(() => ctx.close());

describe('health', () => {
  it('answers /healthz with the success envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: { uptimeSeconds: expect.any(Number) } });
  });

  it('answers /readyz when the database is reachable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: { database: 'ready' } });
  });
});

describe('request ids', () => {
  it('gives every answer a request id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a well-formed incoming request id and replaces a hostile one', async () => {
    const kept = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const replaced = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(replaced.headers['x-request-id']).not.toContain('<');
  });
});

describe('security headers', () => {
  it('sends a strict content security policy that forbids framing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('bad input gets the failure envelope, never a 5xx', () => {
  const url = `/api/test/echo/${id}`;

  it('accepts a valid body and answers through the schema', async () => {
    const res = await ctx.app.inject({ method: 'POST', url, payload: { name: 'Acme', amount: '12.34' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: { id, name: 'Acme', cents: 1234 } });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Acme",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, error: { code: 'MALFORMED_JSON' } });
  });

  it('answers wrong types with 400 and names the field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url, payload: { name: 42, amount: '1.00' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues[0].path).toContain('name');
  });

  it('refuses unknown keys in a write body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { name: 'A', amount: '1', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a malformed path parameter and query', async () => {
    const badParam = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo/not-a-uuid',
      payload: { name: 'A', amount: '1' },
    });
    expect(badParam.statusCode).toBe(400);
    const badQuery = await ctx.app.inject({
      method: 'POST',
      url: `${url}?page=-1`,
      payload: { name: 'A', amount: '1' },
    });
    expect(badQuery.statusCode).toBe(400);
  });

  it('answers an oversized body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { name: 'x'.repeat(2 * 1024 * 1024), amount: '1' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers unknown routes with 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: false,
      error: { code: 'ROUTE_NOT_FOUND', message: 'No such route' },
      requestId: expect.any(String),
    });
  });

  it('maps a module business rule to 422', async () => {
    const res = await ctx.app.inject({ method: 'POST', url, payload: { name: 'A', amount: '20000.00' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: false,
      error: { code: 'AMOUNT_TOO_HIGH', message: 'Amount is over the limit' },
      requestId: expect.any(String),
    });
  });

  it('hides internals of an unexpected failure', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: false,
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' },
      requestId: expect.any(String),
    });
  });

  it('never leaks a column the response schema does not name', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/leaky' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('123-45-6789');
  });
});

describe('access', () => {
  it('denies a protected route without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/private' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('records every route with its access rule', () => {
    const urls = ctx.app.routeCatalog.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /healthz');
    expect(urls).toContain('POST /api/test/echo/:id');
    expect(ctx.app.routeCatalog.every((r) => r.access)).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the routes that exist at /api/docs/json', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/readyz', '/api/test/echo/{id}']),
    );
  });

  it('serves the documentation UI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('portal routes', () => {
  it('redirects / to /app/home', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/home');
  });
});
