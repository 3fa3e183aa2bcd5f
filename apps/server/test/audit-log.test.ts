import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import type { AuditLogRow } from '@portico/contracts/audit/audit-log';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/system';
import { users } from '../src/db/schema/users';
import { defaultClientOf, sessionCookieFor } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { demo } from './demo-data';

// The audit page's filters and keyset paging, and view-as start, stop and
// calls showing up in it.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let admin: string;
let harbor: string;
let copper: string;
const seededAt = '2020-03-01T00:00:00.000Z';

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  admin = await sessionCookieFor(ctx.app.db, demo.admin);
  harbor = await defaultClientOf(ctx.app.db, demo.owner);
  copper = await defaultClientOf(ctx.app.db, demo.copperOwner);
  // 250 entries in March 2020, two a minute (same instant: the cursor's tie-break). The log is
  // append-only, so the past is written as it is inserted.
  await ctx.app.db.insert(auditLog).values(
    Array.from({ length: 250 }, (_, index) => ({
      action: index % 5 === 0 ? 'refund' : 'void',
      outcome: 'success' as const,
      actorEmail: index % 2 === 0 ? 'even@example.test' : 'odd@example.test',
      clientId: index % 10 === 0 ? harbor : copper,
      details: { index },
      createdAt: new Date(Date.parse(seededAt) + Math.floor(index / 2) * 60_000),
    })),
  );
});
afterAll(() => ctx.close());

async function page(query: Record<string, string>, cookie = admin) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/audit-log', query, headers: { cookie } });
  return res;
}

const inMarch = { from: '2020-03-01T00:00:00Z', to: '2020-04-01T00:00:00Z' };
const indexOf = (row: AuditLogRow) => Number(JSON.parse(row.details ?? '{}').index);

describe('GET /api/audit-log', () => {
  it('pages through a date range newest first, without gaps or repeats', async () => {
    const seen: number[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const res = await page({ ...inMarch, limit: '100', ...(before ? { before } : {}) });
      expect(res.statusCode).toBe(200);
      const body: { rows: AuditLogRow[]; next_before: string | null } = res.json().message;
      seen.push(...body.rows.map(indexOf));
      before = body.next_before;
      pages += 1;
    } while (before !== null);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    // Newest first: index 249 and 248 share the last minute.
    expect(seen.slice(0, 2).sort()).toEqual([248, 249]);
    expect(seen.at(-1)).toBeLessThan(2);
  });

  it('filters by action, merchant, actor and date', async () => {
    const refunds: AuditLogRow[] = (await page({ ...inMarch, action: 'refund', limit: '200' })).json().message
      .rows;
    expect(refunds).toHaveLength(50);
    expect(refunds.every((row) => row.action === 'refund')).toBe(true);
    const atHarbor: AuditLogRow[] = (await page({ ...inMarch, merchant: harbor, limit: '200' })).json()
      .message.rows;
    expect(atHarbor).toHaveLength(25);
    expect(atHarbor[0]?.client_name).toBe('Harbor Lane Coffee Roasters');
    const odd: AuditLogRow[] = (await page({ ...inMarch, actor: 'ODD@example.test', limit: '200' })).json()
      .message.rows;
    expect(odd).toHaveLength(125);
    // The first hour: indexes 0 to 119.
    const firstHour: AuditLogRow[] = (
      await page({ from: '2020-03-01T00:00:00Z', to: '2020-03-01T01:00:00Z', limit: '200' })
    ).json().message.rows;
    expect(firstHour.map(indexOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i));
  });

  it('answers 400 for a forged cursor and 403 to anyone but admin', async () => {
    expect((await page({ before: 'yesterday' })).statusCode).toBe(400);
    for (const email of [demo.healnow, demo.reseller, demo.owner]) {
      expect((await page({}, await sessionCookieFor(ctx.app.db, email))).statusCode).toBe(403);
    }
  });

  it('shows a view-as: its start, the calls made while viewing, a refusal, and its stop', async () => {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/view-as',
      headers: { cookie: admin },
      payload: { client_id: harbor },
    });
    expect(start.json().message).toEqual({ client_id: harbor, name: 'Harbor Lane Coffee Roasters' });
    // Viewing as Harbor Lane, an admin-only call is refused and audited with the viewed client.
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/audit-log?${VIEW_AS_QUERY_PARAM}=${harbor}`,
      headers: { cookie: admin },
    });
    expect(refused.statusCode).toBe(403);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/view-as/stop?${VIEW_AS_QUERY_PARAM}=${harbor}`,
      headers: { cookie: admin },
      payload: { client_id: harbor },
    });
    const rows: AuditLogRow[] = (await page({ actor: demo.admin, limit: '10' })).json().message.rows;
    const summary = rows.map((row) => [
      row.action,
      row.outcome,
      JSON.parse(row.details ?? '{}').stage ?? null,
    ]);
    expect(summary.slice(0, 3)).toEqual([
      ['view_as', 'success', 'stop'],
      ['authorization_denied', 'denied', null],
      ['view_as', 'success', 'start'],
    ]);
    expect(JSON.parse(rows[1]?.details ?? '{}').viewAs).toBe(harbor);
    // People read the viewed merchant by its name; the id stays in the raw details.
    expect(rows[1]?.details_text).toContain('View as: Harbor Lane Coffee Roasters');
    expect(rows[1]?.details_text).not.toContain(harbor);
    expect(rows[0]?.target_name ?? '').not.toMatch(/^[0-9a-f]{8}-/);
  });

  it('refuses view-as to a merchant user, even on its own merchant, and audits it', async () => {
    const owner = await sessionCookieFor(ctx.app.db, demo.owner);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/view-as',
      headers: { cookie: owner },
      payload: { client_id: harbor },
    });
    expect(res.statusCode).toBe(403);
    const viaParam = await ctx.app.inject({
      method: 'GET',
      url: `/api/client/my-clients?${VIEW_AS_QUERY_PARAM}=${harbor}`,
      headers: { cookie: owner },
    });
    expect(viaParam.statusCode).toBe(403);
    const [ownerRow] = await ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demo.owner));
    const denied = await ctx.app.db
      .select({ action: auditLog.action, target: auditLog.targetId, outcome: auditLog.outcome })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, ownerRow?.id ?? ''));
    expect(denied).toEqual(
      expect.arrayContaining([
        { action: 'view_as', target: harbor, outcome: 'denied' },
        { action: 'authorization_denied', target: 'GET /api/client/my-clients', outcome: 'denied' },
      ]),
    );
  });
});
