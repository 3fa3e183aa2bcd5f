import { clientErrorResponse } from '@portico/contracts/monitoring/client-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp, loggerOptions } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { clientErrorsPerMinute } from '../src/modules/client-errors/client-errors.routes';
import { buildTestApp, testConfig } from './build-test-app';
import { openTestDatabase } from './test-database';

// /metrics for the operator only, browser errors in the log with their release.

const token = 'metrics-token-for-the-tests-0123456789';
let database: DatabaseHandle;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: testConfig({ metricsToken: token }),
    database,
    logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const metrics = (authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

function logged(): Record<string, unknown>[] {
  return lines.map((line): Record<string, unknown> => JSON.parse(line));
}

describe('/metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await metrics()).statusCode).toBe(401);
    expect((await metrics('Bearer not-the-token')).statusCode).toBe(401);
    expect((await metrics(`Basic ${token}`)).statusCode).toBe(401);
    const res = await metrics(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it('does not exist without a token configured', async () => {
    const withoutToken = await buildTestApp();
    try {
      const res = await withoutToken.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await withoutToken.close();
    }
  });

  it('counts requests by route pattern and status, with latency, jobs and the database pool', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/api/no-such-route/12345' });
    await app.jobs.tick();
    const body = (await metrics(`Bearer ${token}`)).body;
    expect(body).toContain('# TYPE portico_http_requests_total counter');
    expect(body).toContain('portico_http_requests_total{method="GET",route="/healthz",status="200"} 2');
    // Unknown paths share one series: an id in a path never makes a series of its own.
    expect(body).toContain('portico_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(body).not.toContain('12345');
    expect(body).toContain('# TYPE portico_http_request_duration_seconds histogram');
    expect(body).toContain(
      'portico_http_request_duration_seconds_bucket{method="GET",route="/healthz",le="+Inf"} 2',
    );
    expect(body).toContain('portico_http_request_duration_seconds_count{method="GET",route="/healthz"} 2');
    expect(body).toContain('portico_job_runs_total{job="housekeeping",outcome="succeeded"} 1');
    expect(body).toContain('portico_job_ticks_total 1');
    expect(body).toMatch(/portico_db_pool_connections\{state="total"\} \d+/);
    // /metrics itself is not counted.
    expect(body).not.toContain('route="/metrics"');
  });
});

describe('request ids', () => {
  it('are in the answer header and on every log line of the request', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-0123456789' },
    });
    expect(res.headers['x-request-id']).toBe('trace-0123456789');
    const ofRequest = logged().filter((line) => line.reqId === 'trace-0123456789');
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('are in every error envelope: the caller’s own, or one made for the request', async () => {
    const traced = await app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'x-request-id': 'trace-abcdef0123' },
    });
    expect(traced.json()).toEqual({
      status: false,
      error: { code: 'ROUTE_NOT_FOUND', message: 'No such route' },
      requestId: 'trace-abcdef0123',
    });
    const refused = await app.inject({ method: 'GET', url: '/api/jobs/runs' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().requestId).toBe(refused.headers['x-request-id']);
    expect(refused.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('POST /api/client-errors', () => {
  const report = {
    kind: 'error',
    message: "TypeError: Cannot read properties of undefined (reading 'rows')",
    stack: 'TypeError: ...\n    at Grid (https://portal.example/assets/grid-abc123.js:1:2345)',
    url: '/app/transactions?token=secret-link-code',
    release: '2026.11.25-abc1234',
  };

  it('logs the browser error with its release and request id, and counts it', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/client-errors', payload: report });
    expect(res.statusCode).toBe(200);
    expect(clientErrorResponse.parse(res.json()).message).toEqual({ received: true });
    const entry = logged().find((line) => line.msg === 'browser error');
    expect(entry).toMatchObject({
      level: 40,
      reqId: res.headers['x-request-id'],
      clientError: { kind: 'error', message: report.message, stack: report.stack, release: report.release },
    });
    // Secrets in the page's query are redacted like any logged address.
    expect(JSON.stringify(entry)).not.toContain('secret-link-code');
    expect((await metrics(`Bearer ${token}`)).body).toContain('portico_client_errors_total{kind="error"} 1');
  });

  it('refuses a report that is malformed or too large', async () => {
    const noRelease = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { kind: 'error', message: 'x', url: '/app/home' },
    });
    expect(noRelease.statusCode).toBe(400);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { ...report, stack: 'x'.repeat(20_000) },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('is rate-limited per address', async () => {
    const fresh = await buildTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= clientErrorsPerMinute; i++) {
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/client-errors',
          payload: { ...report, message: `error ${i}` },
          remoteAddress: '203.0.113.9',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, clientErrorsPerMinute).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});
