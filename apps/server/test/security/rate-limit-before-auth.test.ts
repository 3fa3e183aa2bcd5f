import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/system';
import { sessionCookieFor } from '../auth-helpers';
import { buildTestApp } from '../build-test-app';
import { demo } from '../demo-data';

// Refused requests spend the client's budget like any other, before the session is looked
// up, and a client looping on a forbidden call writes one audit row per route and minute.

const budget = 8;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  ctx = await buildTestApp({ rateLimitPerMinute: budget }, { demoAccounts: true });
});
afterAll(async () => {
  await ctx.close();
});

async function denialRows(route: string) {
  const [row] = await ctx.app.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.targetId, route)));
  return row?.n ?? 0;
}

describe('the whole-API rate limit', () => {
  it('counts unauthenticated refusals: the budget ends in 429, not in endless 401s', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < budget + 3; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/user', remoteAddress: '198.51.100.1' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, budget)).toEqual(Array(budget).fill(401));
    expect(statuses.slice(budget)).toEqual([429, 429, 429]);
  });

  it('counts forbidden calls and audits them once per actor, route and minute', async () => {
    const cookie = await sessionCookieFor(ctx.app.db, demo.owner);
    const route = 'GET /api/costing';
    const before = await denialRows(route);
    const statuses: number[] = [];
    for (let i = 0; i < budget + 2; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/costing',
        remoteAddress: '198.51.100.2',
        headers: { cookie },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 403).length).toBe(budget);
    expect(statuses.slice(budget)).toEqual([429, 429]);
    expect((await denialRows(route)) - before).toBe(1);
  });

  it('gives each client address its own budget', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user', remoteAddress: '198.51.100.3' });
    expect(res.statusCode).toBe(401);
  });
});
