import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app';
import { fixtureRoutes, nextSlowRequestStarted } from './fixture-routes';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  ctx = await buildTestApp({}, { extraRoutes: [fixtureRoutes] });
});
afterAll(() => ctx.database.close());

describe('graceful shutdown', () => {
  it('finishes a request in flight, then stops listening', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const started = nextSlowRequestStarted();
    const inFlight = fetch(`${address}/api/test/slow`);
    await started;
    const closing = ctx.app.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true, message: 'done' });
    await closing;
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
  });
});
