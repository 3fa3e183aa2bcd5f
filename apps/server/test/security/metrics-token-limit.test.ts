import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsTokenFailures } from '../../src/plugins/metrics';
import { buildTestApp } from '../build-test-app';

// Guessing the metrics token: each address has a budget of wrong tokens per window; past it the
// address is refused (429) whatever token it sends, until the window ends. The right token from
// another address keeps working.
const token = 'metrics-token-for-the-limit-test-0123';
let clock = new Date('2025-06-15T08:00:00Z');
let ctx: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  ctx = await buildTestApp({ metricsToken: token }, { now: () => clock });
});

afterAll(async () => {
  await ctx.close();
});

const scrape = (remoteAddress: string, given: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress,
    headers: { authorization: `Bearer ${given}` },
  });

describe('wrong /metrics tokens', () => {
  it('lock their address out after the budget, not the scraper elsewhere', async () => {
    for (let i = 0; i < metricsTokenFailures.max; i++) {
      expect((await scrape('203.0.113.7', `wrong-token-${i}`)).statusCode).toBe(401);
    }
    const refused = await scrape('203.0.113.7', 'wrong-token-again');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: false, error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A right guess from the locked address learns nothing either.
    expect((await scrape('203.0.113.7', token)).statusCode).toBe(429);

    expect((await scrape('198.51.100.4', token)).statusCode).toBe(200);
    // The right token never spends the budget.
    for (let i = 0; i < metricsTokenFailures.max + 2; i++) {
      expect((await scrape('198.51.100.4', token)).statusCode).toBe(200);
    }

    clock = new Date(clock.getTime() + metricsTokenFailures.windowSeconds * 1000);
    expect((await scrape('203.0.113.7', token)).statusCode).toBe(200);
  });
});
